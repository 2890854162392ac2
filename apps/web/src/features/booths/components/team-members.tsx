import {
  assignableRolesFor,
  type BoothMember,
  type BoothRoleName,
  canLeaveBooth,
  canManageBooth,
  canManageMember,
} from '@foyer/contract';
import { ActionIcon, Avatar, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useRemoveMember, useUpdateMember } from '../api/team';
import { AddMemberModal } from './add-member-modal';
import { RoleBadge } from './booth-members';
import '../i18n';

interface Props {
  eventId: number;
  members: BoothMember[];
  myRole: BoothRoleName | null;
  meId: number | null;
}

function MemberRow({ eventId, member, myRole, meId }: Omit<Props, 'members'> & { member: BoothMember }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateMember(eventId);
  const remove = useRemoveMember(eventId);
  const self = member.id === meId;
  const manage = !self && canManageMember(myRole, member);
  const roles = assignableRolesFor(myRole);
  const current = member.role === 'not_confirmed' ? (member.pendingRole ?? 'user') : member.role;

  const confirmRemove = () =>
    modals.openConfirmModal({
      title: self ? t('expo.team.leaveTitle') : t('expo.team.removeTitle'),
      children: (
        <Text size="sm">
          {self ? t('expo.team.leaveText') : t('expo.team.removeText', { name: member.fullName })}
        </Text>
      ),
      labels: { confirm: self ? t('expo.team.leave') : t('expo.team.remove'), cancel: t('expo.team.cancel') },
      confirmProps: { color: 'red', ...({ 'data-testid': 'team-remove-confirm' } as Record<string, string>) },
      closeButtonProps: { 'aria-label': t('common.close') },
      centered: true,
      onConfirm: () =>
        remove.mutate(member.id, {
          onSuccess() {
            toast('success', self ? t('expo.team.left') : t('expo.team.removed', { name: member.fullName }));
            if (self) navigate(`/event/${eventId}/expo`);
          },
          onError: (error) => toast('error', error.message || t('common.unknownError')),
        }),
    });

  return (
    <Paper withBorder radius="md" p="sm" data-testid={`team-member-${member.id}`} data-role={member.role}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Avatar
            src={member.profilePhoto}
            name={member.fullName}
            alt=""
            size={40}
            radius={40}
            color="foyer"
          />
          <div style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {member.fullName}
                {self && ` (${t('expo.team.you')})`}
              </Text>
              <RoleBadge role={member.role} />
            </Group>
            <Text size="xs" c="gray.7" lineClamp={1}>
              {member.role === 'not_confirmed'
                ? t('expo.team.pending', { role: t(`expo.role.${current}`) })
                : [member.jobTitle, member.company].filter(Boolean).join(' · ')}
            </Text>
          </div>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {manage && roles.length > 1 && (
            <Select
              size="xs"
              w={120}
              aria-label={t('expo.team.roleOf', { name: member.fullName })}
              data={roles.map((r) => ({ value: r, label: t(`expo.role.${r}`) }))}
              value={current}
              allowDeselect={false}
              disabled={update.isPending}
              onChange={(value) =>
                value &&
                value !== current &&
                update.mutate(
                  { id: member.id, role: value === 'admin' ? 'admin' : 'user' },
                  {
                    onSuccess: () => toast('success', t('expo.team.roleSaved', { name: member.fullName })),
                    onError: (error) => toast('error', error.message || t('common.unknownError')),
                  },
                )
              }
              data-testid={`team-role-${member.id}`}
            />
          )}
          {manage && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              onClick={confirmRemove}
              loading={remove.isPending}
              aria-label={t('expo.team.removeOf', { name: member.fullName })}
              data-testid={`team-remove-${member.id}`}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          )}
          {self && canLeaveBooth(myRole) && (
            <Button size="xs" variant="default" color="red" onClick={confirmRemove} data-testid="team-leave">
              {t('expo.team.leave')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** A2.93, E7.35–E7.39: the team with roles Owner, Admin, User and pending invitations. */
export function TeamMembers({ eventId, members, myRole, meId }: Props) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="sm" data-testid="team-members">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3">
          {t('expo.team.title')}
        </Title>
        {canManageBooth(myRole) && (
          <Button
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={() => setAdding(true)}
            data-testid="team-add"
          >
            {t('expo.team.addButton')}
          </Button>
        )}
      </Group>
      {members.map((member) => (
        <MemberRow key={member.id} eventId={eventId} member={member} myRole={myRole} meId={meId} />
      ))}
      <AddMemberModal eventId={eventId} myRole={myRole} opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
