import { assignableRolesFor, type BoothRoleName } from '@foyer/contract';
import { Alert, Avatar, Button, Group, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useAddMember, useMemberCandidates } from '../api/team';
import '../i18n';

interface Props {
  eventId: number;
  myRole: BoothRoleName | null;
  opened: boolean;
  onClose(): void;
}

/**
 * A2.93 "add members to company": find a person (E6.26: not in a booth, not an organizer) by
 * name, company or e-mail and invite them with a role; they accept or decline (E6.27).
 */
export function AddMemberModal({ eventId, myRole, opened, onClose }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 400); // A9.17
  const [personId, setPersonId] = useState<string | null>(null);
  const roles = assignableRolesFor(myRole);
  const [role, setRole] = useState<string>('user');
  const candidates = useMemberCandidates(eventId, query, opened);
  const add = useAddMember(eventId);
  const people = candidates.data ?? [];
  const chosen = people.find((p) => String(p.id) === personId);

  const close = () => {
    setSearch('');
    setPersonId(null);
    setRole('user');
    add.reset();
    onClose();
  };

  const invite = () => {
    if (!personId) return;
    add.mutate(
      { id: Number(personId), role: role === 'admin' ? 'admin' : 'user' },
      {
        onSuccess(member) {
          toast('success', t('expo.team.invited', { name: member.fullName }));
          close();
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('expo.team.addTitle')}
      size="md"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md" data-testid="add-member-modal">
        <Select
          label={t('expo.team.person')}
          placeholder={t('expo.team.personPlaceholder')}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          data={people.map((p) => ({
            value: String(p.id),
            label: [p.fullName, p.company].filter(Boolean).join(' · '),
          }))}
          value={personId}
          onChange={setPersonId}
          nothingFoundMessage={candidates.isFetching ? t('common.loading') : t('expo.team.nobody')}
          data-testid="add-member-person"
          comboboxProps={{ withinPortal: true }}
        />
        {chosen && (
          <Group gap="sm" wrap="nowrap">
            <Avatar src={chosen.profilePhoto} name={chosen.fullName} alt="" radius={40} color="foyer" />
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm">
                {chosen.fullName}
              </Text>
              <Text size="xs" c="gray.7">
                {[chosen.jobTitle, chosen.company].filter(Boolean).join(' · ')}
              </Text>
            </div>
          </Group>
        )}
        {roles.length > 1 && (
          <Radio.Group label={t('expo.team.role')} value={role} onChange={setRole}>
            <Group gap="md" mt={6}>
              {roles.map((r) => (
                <Radio key={r} value={r} label={t(`expo.role.${r}`)} data-testid={`add-member-role-${r}`} />
              ))}
            </Group>
          </Radio.Group>
        )}
        {add.error && (
          <Alert color="red" role="alert" data-testid="add-member-error">
            {add.error.message || t('common.unknownError')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('expo.team.cancel')}
          </Button>
          {/* E5.24: disabled until a person is selected. */}
          <Button
            onClick={invite}
            disabled={!personId}
            loading={add.isPending}
            data-testid="add-member-submit"
          >
            {t('expo.team.add')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
