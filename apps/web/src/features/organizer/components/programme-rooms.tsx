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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../i18n/keys';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteRoom, useDeleteTrack, useSaveRoom, useSaveTrack } from '../api/programme';

type Errors = Record<string, string>;

/** Field errors of a zod parse or an API answer, as texts in the user's language. */
export function useErrorTexts() {
  const { t } = useTranslation();
  return {
    fromIssues(
      issues: readonly { path: PropertyKey[]; message: string }[],
      label: (field: string) => string,
    ) {
      const next: Errors = {};
      for (const issue of issues) {
        const key = String(issue.path[0] ?? '');
        next[key] ??= messageText(t, issue.message, { name: label(key) });
      }
      return next;
    },
    fromApi(error: unknown): Errors | null {
      if (!(error instanceof ApiError) || !error.fields) return null;
      const next: Errors = {};
      for (const [key, message] of Object.entries(error.fields)) next[key] = messageText(t, message);
      return next;
    },
  };
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
  const texts = useErrorTexts();
  const [name, setName] = useState(room?.name ?? '');
  const [capacity, setCapacity] = useState(room?.capacity?.toString() ?? '');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = programmeRoomRequest.safeParse({
      name,
      capacity: capacity.trim() === '' ? null : capacity.trim(),
    });
    if (!parsed.success) {
      setErrors(
        texts.fromIssues(parsed.error.issues, (f) =>
          t(`organizer.programme.room.${f === 'capacity' ? 'capacity' : 'name'}`),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(
      { id: room?.id, body: parsed.data },
      {
        onSuccess: () => {
          toast('success', t('organizer.programme.saved'));
          onClose();
        },
        onError: (error) => setErrors(texts.fromApi(error) ?? { form: error.message }),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      title={t(room ? 'organizer.programme.room.edit' : 'organizer.programme.room.add')}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label={t('organizer.programme.room.name')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            data-testid="room-name"
            data-autofocus
          />
          <TextInput
            label={t('organizer.programme.room.capacity')}
            description={t('organizer.programme.capacityHint')}
            inputMode="numeric"
            value={capacity}
            onChange={(e) => setCapacity(e.currentTarget.value)}
            error={errors.capacity}
            data-testid="room-capacity"
          />
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('organizer.programme.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="room-save">
              {t('organizer.programme.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
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
  const texts = useErrorTexts();
  const [name, setName] = useState(track?.name ?? '');
  const [color, setColor] = useState(track?.color ?? '#1c7ed6');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = programmeTrackRequest.safeParse({ name, color: color.trim() || null });
    if (!parsed.success) {
      setErrors(
        texts.fromIssues(parsed.error.issues, (f) =>
          t(`organizer.programme.track.${f === 'color' ? 'color' : 'name'}`),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(
      { id: track?.id, body: parsed.data },
      {
        onSuccess: () => {
          toast('success', t('organizer.programme.saved'));
          onClose();
        },
        onError: (error) => setErrors(texts.fromApi(error) ?? { form: error.message }),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      title={t(track ? 'organizer.programme.track.edit' : 'organizer.programme.track.add')}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label={t('organizer.programme.track.name')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            data-testid="track-name"
            data-autofocus
          />
          <TextInput
            type="color"
            label={t('organizer.programme.track.color')}
            value={color}
            onChange={(e) => setColor(e.currentTarget.value)}
            error={errors.color}
            data-testid="track-color"
          />
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('organizer.programme.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="track-save">
              {t('organizer.programme.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
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
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {t('organizer.programme.rooms')}
            </Title>
            <Button size="xs" onClick={() => setRoom({ item: null })} data-testid="programme-add-room">
              {t('organizer.programme.room.add')}
            </Button>
          </Group>
          {programme.rooms.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('organizer.programme.room.empty')}
            </Text>
          ) : (
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
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {t('organizer.programme.tracks')}
            </Title>
            <Button size="xs" onClick={() => setTrack({ item: null })} data-testid="programme-add-track">
              {t('organizer.programme.track.add')}
            </Button>
          </Group>
          {programme.tracks.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('organizer.programme.track.empty')}
            </Text>
          ) : (
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
          )}
        </Stack>
      </Paper>
      {room && <RoomModal eventId={eventId} room={room.item} onClose={() => setRoom(null)} />}
      {track && <TrackModal eventId={eventId} track={track.item} onClose={() => setTrack(null)} />}
    </SimpleGrid>
  );
}
