import { emailSchema } from '@foyer/contract';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { messageText } from '../../../i18n/keys';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAssignStaff, useCheckInStaff, useRemoveStaff } from '../api/exhibitors';
import { ConsoleTable } from './console-section';
import { PersonPicker } from './exhibitors-person-picker';

/** Who checks people in: add a participant by search or e-mail, take the right away. */
export function DoorStaff({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const staff = useCheckInStaff(eventId);
  const assign = useAssignStaff(eventId);
  const remove = useRemoveStaff(eventId);
  const [picked, setPicked] = useState<number | null>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const list = staff.data ?? [];

  const add = (e: React.FormEvent) => {
    e.preventDefault();
    let body: { participantId: number } | { email: string };
    if (picked !== null) body = { participantId: picked };
    else {
      const parsed = emailSchema.safeParse(email);
      if (!parsed.success) {
        setError(
          messageText(t, parsed.error.issues[0]?.message ?? 'validation.error.email', {
            name: t('organizer.door.staffEmail'),
          }),
        );
        return;
      }
      body = { email: parsed.data };
    }
    assign.mutate(body, {
      onSuccess: () => {
        setPicked(null);
        setEmail('');
        setError(undefined);
        toast('success', t('organizer.door.staffAdded'));
      },
      onError: (err) => {
        const field = err instanceof ApiError ? Object.values(err.fields ?? {})[0] : undefined;
        setError(field ? messageText(t, field) : err.message);
      },
    });
  };

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="door-staff-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="door-staff-title">
          {t('organizer.door.staffTitle')}
        </Title>
        <form noValidate onSubmit={add}>
          <Group align="flex-start" wrap="wrap">
            <div style={{ flex: '1 1 14rem' }}>
              <PersonPicker
                eventId={eventId}
                label={t('organizer.door.staffSearch')}
                placeholder={t('organizer.exhibitors.team.search')}
                value={picked}
                onChange={(p) => setPicked(p?.participantId ?? null)}
                exclude={list.map((s) => s.participantId)}
              />
            </div>
            <TextInput
              label={t('organizer.door.staffEmail')}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              disabled={picked !== null}
              error={error}
              style={{ flex: '1 1 14rem' }}
            />
            <Button type="submit" mt={24} loading={assign.isPending} data-testid="staff-add">
              {t('organizer.door.staffAdd')}
            </Button>
          </Group>
        </form>
        {list.length === 0 ? (
          <Text c="dimmed">{t('organizer.door.staffEmpty')}</Text>
        ) : (
          <ConsoleTable
            label={t('organizer.door.staffTitle')}
            columns={[t('organizer.exhibitors.team.person'), t('organizer.door.staffEmail')]}
            actions={t('organizer.exhibitors.actions')}
            minWidth={320}
            striped={false}
          >
            {list.map((s) => (
              <Table.Tr key={s.participantId} data-testid="staff-row">
                <Table.Td>
                  {s.fullName}{' '}
                  {s.organizer && (
                    <Badge size="xs" variant="light">
                      {t('organizer.door.organizer')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{s.email}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('organizer.door.staffRemove', { name: s.fullName })}
                    onClick={() =>
                      remove.mutate(s.participantId, { onError: (e) => toast('error', e.message) })
                    }
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </ConsoleTable>
        )}
      </Stack>
    </Paper>
  );
}
