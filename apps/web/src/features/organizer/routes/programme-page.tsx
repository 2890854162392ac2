import type { Programme, ProgrammeSession } from '@foyer/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useDeleteSession, useProgramme } from '../api/programme';
import { ProgrammeGrid } from '../components/programme-grid';
import { RoomsAndTracks } from '../components/programme-rooms';
import { SessionFormModal } from '../components/programme-session-form';
import { MeetingSlotsForm } from '../components/programme-slots';
import { clashingIds, dayIn, isMeetingSlot, programmeDays, timeIn } from '../lib/programme';
import '../i18n';

type Editing = { session: ProgrammeSession | null } | null;

function SessionTable({
  programme,
  sessions,
  onEdit,
  onDelete,
}: {
  programme: Programme;
  sessions: ProgrammeSession[];
  onEdit: (session: ProgrammeSession) => void;
  onDelete: (session: ProgrammeSession) => void;
}) {
  const { t } = useTranslation();
  const zone = programme.timezone;
  const clashing = clashingIds(programme.clashes);
  const roomName = (id: number | null) => programme.rooms.find((r) => r.id === id)?.name ?? '—';
  if (sessions.length === 0) {
    return <Text c="dimmed">{t('organizer.programme.session.empty')}</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped data-testid="programme-sessions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('organizer.programme.session.time')}</Table.Th>
            <Table.Th>{t('organizer.programme.session.name')}</Table.Th>
            <Table.Th>{t('organizer.programme.session.room')}</Table.Th>
            <Table.Th>{t('organizer.programme.session.seats')}</Table.Th>
            <Table.Th>{t('organizer.programme.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.map((s) => (
            <Table.Tr key={s.id} data-testid={`programme-session-${s.id}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {timeIn(s.sdt, zone)}–{timeIn(s.edt, zone)}
              </Table.Td>
              <Table.Td>
                <Group gap={6}>
                  <Text size="sm" fw={500}>
                    {s.name}
                  </Text>
                  {s.type !== 'session' && (
                    <Badge size="xs" variant="light">
                      {t(
                        s.type === 'break'
                          ? 'organizer.programme.type.break'
                          : 'organizer.programme.type.meeting_slot',
                      )}
                    </Badge>
                  )}
                  {s.hidden && (
                    <Badge size="xs" color="gray.7">
                      {t('organizer.programme.session.hidden')}
                    </Badge>
                  )}
                  {clashing.has(s.id) && (
                    <Badge size="xs" color="red.9">
                      {t('organizer.programme.grid.clash')}
                    </Badge>
                  )}
                </Group>
                {s.speakers.length > 0 && (
                  <Text size="xs" c="dimmed">
                    {s.speakers.map((p) => `${p.name} ${p.surname}`).join(', ')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{roomName(s.locationId)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {s.capacity === null
                  ? t('organizer.programme.session.joinedOnly', { count: s.joined })
                  : t('organizer.programme.session.joinedOf', { count: s.joined, capacity: s.capacity })}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button size="compact-xs" variant="subtle" onClick={() => onEdit(s)}>
                    {t('organizer.programme.edit')}
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() => onDelete(s)}
                    aria-label={t('organizer.programme.deleteNamed', { name: s.name })}
                  >
                    {t('organizer.programme.delete')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /organizer/:eventId/programme: rooms, tracks, sessions by day, the day × room grid, meeting slots. */
export function ProgrammePage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const programme = useProgramme(eventId);
  const remove = useDeleteSession(eventId);
  const [editing, setEditing] = useState<Editing>(null);
  const [day, setDay] = useState<string | null>(null);
  const [showSlots, setShowSlots] = useState(false);

  if (programme.isPending) return <Skeleton h={300} radius="md" aria-label={t('common.loading')} />;
  if (programme.isError) {
    return (
      <Alert color="red" role="alert" title={t('organizer.programme.loadError')}>
        {programme.error.message}
      </Alert>
    );
  }
  const data = programme.data;
  const zone = data.timezone;
  const days = programmeDays(data);
  const currentDay = day && days.includes(day) ? day : (days[0] ?? null);
  const ofDay = data.sessions.filter(
    (s) => currentDay !== null && dayIn(s.sdt, zone) === currentDay && (showSlots || !isMeetingSlot(s)),
  );
  const onDelete = (session: ProgrammeSession) => {
    const warning =
      session.joined > 0
        ? t('organizer.programme.session.confirmDeleteJoined', { count: session.joined, name: session.name })
        : t('organizer.programme.session.confirmDelete', { name: session.name });
    if (!window.confirm(warning)) return;
    remove.mutate(session.id, {
      onSuccess: () => toast('success', t('organizer.programme.session.deleted')),
      onError: (error) => toast('error', error.message),
    });
  };

  return (
    <Stack gap="lg" data-testid="console-programme">
      <RoomsAndTracks eventId={eventId} programme={data} />
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h4">
              {t('organizer.programme.sessions')}
            </Title>
            <Button onClick={() => setEditing({ session: null })} data-testid="programme-add-session">
              {t('organizer.programme.session.add')}
            </Button>
          </Group>
          {data.clashes.length > 0 && (
            <Alert color="orange" data-testid="programme-clashes">
              {t('organizer.programme.clash.summary', { count: data.clashes.length })}
            </Alert>
          )}
          <Group gap="md" wrap="wrap" align="flex-end">
            <Select
              label={t('organizer.programme.day')}
              data={days}
              value={currentDay}
              onChange={setDay}
              allowDeselect={false}
              w={180}
              data-testid="programme-day"
            />
            <Switch
              label={t('organizer.programme.showSlots')}
              checked={showSlots}
              onChange={(e) => setShowSlots(e.currentTarget.checked)}
            />
          </Group>
          <SessionTable
            programme={data}
            sessions={ofDay}
            onEdit={(session) => setEditing({ session })}
            onDelete={onDelete}
          />
        </Stack>
      </Paper>
      {currentDay && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('organizer.programme.grid.title', { day: currentDay })}
            </Title>
            <ProgrammeGrid programme={data} day={currentDay} onOpen={(session) => setEditing({ session })} />
          </Stack>
        </Paper>
      )}
      <MeetingSlotsForm eventId={eventId} programme={data} />
      {editing && (
        <SessionFormModal
          eventId={eventId}
          programme={data}
          session={editing.session}
          day={currentDay}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
