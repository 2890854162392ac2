import {
  type Programme,
  type ProgrammeRoom,
  type ProgrammeTrack,
  programmeRoomRequest,
  programmeTrackRequest,
} from '@foyer/contract';
import {
  ActionIcon,
  Alert,
  Button,
  ColorSwatch,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteRoom, useDeleteTrack, useSaveRoom, useSaveTrack } from '../api/programme';
import {
  apiFieldErrors,
  type FieldErrors,
  type FieldLabel,
  type FormIssue,
  issueErrors,
} from '../lib/form-errors';

type Kind = 'room' | 'track';

/** The add / edit dialog of a room or a track: its name and one more field (`extra`). */
function ItemModal<Body>({
  kind,
  isNew,
  initialName,
  extra,
  parse,
  label,
  save,
  saving,
  onClose,
}: {
  kind: Kind;
  isNew: boolean;
  initialName: string;
  /** The second field, shown with its error. */
  extra(errors: FieldErrors): ReactNode;
  /** The form's values as the request, or the issues that stop it. */
  parse(name: string): { success: true; data: Body } | { success: false; error: { issues: FormIssue[] } };
  label: FieldLabel;
  save(body: Body, handlers: { onSuccess(): void; onError(error: Error): void }): void;
  saving: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = parse(name);
    if (!parsed.success) {
      setErrors(issueErrors(t, parsed.error.issues, label));
      return;
    }
    setErrors({});
    save(parsed.data, {
      onSuccess: () => {
        toast('success', t('organizer.programme.saved'));
        onClose();
      },
      onError: (error) => setErrors(apiFieldErrors(t, error) ?? { form: error.message }),
    });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      title={t(`organizer.programme.${kind}.${isNew ? 'add' : 'edit'}`)}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label={t(`organizer.programme.${kind}.name`)}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            data-testid={`${kind}-name`}
            data-autofocus
          />
          {extra(errors)}
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('organizer.programme.cancel')}
            </Button>
            <Button type="submit" loading={saving} data-testid={`${kind}-save`}>
              {t('organizer.programme.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RoomModal({
  eventId,
  room,
  onClose,
}: {
  eventId: number;
  room: ProgrammeRoom | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveRoom(eventId);
  const [capacity, setCapacity] = useState(room?.capacity?.toString() ?? '');
  return (
    <ItemModal
      kind="room"
      isNew={!room}
      initialName={room?.name ?? ''}
      parse={(name) =>
        programmeRoomRequest.safeParse({ name, capacity: capacity.trim() === '' ? null : capacity.trim() })
      }
      label={(f) => t(`organizer.programme.room.${f === 'capacity' ? 'capacity' : 'name'}`)}
      save={(body, handlers) => save.mutate({ id: room?.id, body }, handlers)}
      saving={save.isPending}
      onClose={onClose}
      extra={(errors) => (
        <TextInput
          label={t('organizer.programme.room.capacity')}
          description={t('organizer.programme.capacityHint')}
          inputMode="numeric"
          value={capacity}
          onChange={(e) => setCapacity(e.currentTarget.value)}
          error={errors.capacity}
          data-testid="room-capacity"
        />
      )}
    />
  );
}

function TrackModal({
  eventId,
  track,
  onClose,
}: {
  eventId: number;
  track: ProgrammeTrack | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTrack(eventId);
  const [color, setColor] = useState(track?.color ?? '#1c7ed6');
  return (
    <ItemModal
      kind="track"
      isNew={!track}
      initialName={track?.name ?? ''}
      parse={(name) => programmeTrackRequest.safeParse({ name, color: color.trim() || null })}
      label={(f) => t(`organizer.programme.track.${f === 'color' ? 'color' : 'name'}`)}
      save={(body, handlers) => save.mutate({ id: track?.id, body }, handlers)}
      saving={save.isPending}
      onClose={onClose}
      extra={(errors) => (
        <TextInput
          type="color"
          label={t('organizer.programme.track.color')}
          value={color}
          onChange={(e) => setColor(e.currentTarget.value)}
          error={errors.color}
          data-testid="track-color"
        />
      )}
    />
  );
}

/** A card of the rooms or the tracks: its title and add button, then the list or a line saying it is empty. */
function ListCard({
  kind,
  count,
  onAdd,
  children,
}: {
  kind: Kind;
  count: number;
  onAdd(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t(`organizer.programme.${kind}s`)}
          </Title>
          <Button size="xs" onClick={onAdd} data-testid={`programme-add-${kind}`}>
            {t(`organizer.programme.${kind}.add`)}
          </Button>
        </Group>
        {count === 0 ? (
          <Text c="dimmed" size="sm">
            {t(`organizer.programme.${kind}.empty`)}
          </Text>
        ) : (
          children
        )}
      </Stack>
    </Paper>
  );
}

type Editing<T> = { item: T | null } | null;

/** The rooms and tracks of the event, each with add, edit and delete. */
export function RoomsAndTracks({ eventId, programme }: { eventId: number; programme: Programme }) {
  const { t } = useTranslation();
  const [room, setRoom] = useState<Editing<ProgrammeRoom>>(null);
  const [track, setTrack] = useState<Editing<ProgrammeTrack>>(null);
  const deleteRoom = useDeleteRoom(eventId);
  const deleteTrack = useDeleteTrack(eventId);
  const onDeleteError = (error: Error) =>
    toast(
      'error',
      error instanceof ApiError && error.code === 'MST-00702'
        ? t('organizer.programme.room.inUse')
        : error.message,
    );

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ListCard kind="room" count={programme.rooms.length} onAdd={() => setRoom({ item: null })}>
        <Table data-testid="programme-rooms">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('organizer.programme.room.name')}</Table.Th>
              <Table.Th>{t('organizer.programme.room.capacity')}</Table.Th>
              <Table.Th>{t('organizer.programme.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {programme.rooms.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td>{r.capacity ?? t('organizer.programme.unlimited')}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="compact-xs" variant="subtle" onClick={() => setRoom({ item: r })}>
                      {t('organizer.programme.edit')}
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      disabled={r.sessionCount > 0}
                      title={r.sessionCount > 0 ? t('organizer.programme.room.inUse') : undefined}
                      onClick={() => deleteRoom.mutate(r.id, { onError: onDeleteError })}
                      aria-label={t('organizer.programme.deleteNamed', { name: r.name })}
                    >
                      {t('organizer.programme.delete')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListCard>
      <ListCard kind="track" count={programme.tracks.length} onAdd={() => setTrack({ item: null })}>
        <Stack gap={4} data-testid="programme-tracks">
          {programme.tracks.map((tr) => (
            <Group key={tr.id} justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <ColorSwatch color={tr.color ?? '#adb5bd'} size={14} aria-hidden />
                <Text size="sm">{tr.name}</Text>
              </Group>
              <Group gap={4} wrap="nowrap">
                <Button size="compact-xs" variant="subtle" onClick={() => setTrack({ item: tr })}>
                  {t('organizer.programme.edit')}
                </Button>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => deleteTrack.mutate(tr.id, { onError: onDeleteError })}
                  aria-label={t('organizer.programme.deleteNamed', { name: tr.name })}
                >
                  ×
                </ActionIcon>
              </Group>
            </Group>
          ))}
        </Stack>
      </ListCard>
      {room && <RoomModal eventId={eventId} room={room.item} onClose={() => setRoom(null)} />}
      {track && <TrackModal eventId={eventId} track={track.item} onClose={() => setTrack(null)} />}
    </SimpleGrid>
  );
}
