import { type ConsoleBooth, consoleBoothTypes } from '@foyer/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { messageText } from '../../../i18n/keys';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import {
  useBoothCategories,
  useConsoleBooths,
  useDeleteBooth,
  useDeleteBoothCategory,
  useSaveBoothCategory,
} from '../api/exhibitors';
import { ConsoleSectionHeader, ConsoleTable, RowActions } from './console-section';
import { BoothDrawer } from './exhibitors-booth-drawer';

/** Booths by type (sponsor, partner, exhibitor), with their owner and team size. */
export function BoothsSection({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const booths = useConsoleBooths(eventId);
  const categories = useBoothCategories(eventId);
  const remove = useDeleteBooth(eventId);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const list = booths.data ?? [];
  const current = editing === 'new' ? 'new' : (list.find((b) => b.id === editing) ?? null);
  const ownerName = (b: ConsoleBooth) =>
    b.members.find((m) => m.participantId === b.ownerParticipantId)?.fullName ??
    t('organizer.exhibitors.noOwner');
  const known = new Set<string>(consoleBoothTypes);
  const groups = [...consoleBoothTypes, 'other'].map((type) => ({
    type,
    booths: list.filter((b) => (type === 'other' ? !known.has(b.boothType) : b.boothType === type)),
  }));

  const confirmDelete = (booth: ConsoleBooth) => {
    if (!window.confirm(t('organizer.exhibitors.confirmDelete', { name: booth.name }))) return;
    remove.mutate(booth.id, {
      onSuccess: () => toast('success', t('organizer.exhibitors.deleted')),
      onError: (error) => toast('error', error.message),
    });
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="booths-title">
      <ConsoleSectionHeader
        id="booths-title"
        title={t('organizer.exhibitors.title')}
        addLabel={t('organizer.exhibitors.add')}
        addTestId="booth-add"
        onAdd={() => setEditing('new')}
      />
      {booths.isLoading && <Loader aria-label={t('organizer.exhibitors.loading')} />}
      {booths.isError && (
        <Alert color="red" role="alert">
          {booths.error.message}
        </Alert>
      )}
      {booths.isSuccess && list.length === 0 && <Text c="dimmed">{t('organizer.exhibitors.empty')}</Text>}
      {groups
        .filter((g) => g.booths.length > 0)
        .map((group) => (
          <Paper key={group.type} withBorder p="sm" radius="md">
            <Title order={3} size="h5" mb="xs">
              {t(`organizer.exhibitors.group.${group.type}` as never)} ({group.booths.length})
            </Title>
            <ConsoleTable
              label={t(`organizer.exhibitors.group.${group.type}` as never)}
              columns={[
                t('organizer.exhibitors.field.name'),
                t('organizer.exhibitors.team.owner'),
                t('organizer.exhibitors.teamSize'),
              ]}
              actions={t('organizer.exhibitors.actions')}
            >
              {group.booths.map((booth) => (
                <Table.Tr key={booth.id} data-testid="booth-row">
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {booth.name}
                    </Text>
                    {booth.location && (
                      <Text size="xs" c="dimmed">
                        {booth.location}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{ownerName(booth)}</Table.Td>
                  <Table.Td>{booth.members.length}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <RowActions
                        editLabel={t('organizer.exhibitors.edit', { name: booth.name })}
                        onEdit={() => setEditing(booth.id)}
                        deleteLabel={t('organizer.exhibitors.delete', { name: booth.name })}
                        onDelete={() => confirmDelete(booth)}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ConsoleTable>
          </Paper>
        ))}
      <BoothCategories eventId={eventId} />
      <BoothDrawer
        eventId={eventId}
        booth={current}
        categories={categories.data ?? []}
        onClose={() => setEditing(null)}
        onCreated={(booth) => setEditing(booth.id)}
      />
    </Stack>
  );
}

/** Booth categories (kind 'booth'): the expo's filters. */
function BoothCategories({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const categories = useBoothCategories(eventId);
  const save = useSaveBoothCategory(eventId);
  const remove = useDeleteBoothCategory(eventId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  const add = (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError(
        messageText(t, 'validation.error.required', { name: t('organizer.exhibitors.categories.name') }),
      );
      return;
    }
    save.mutate(
      { name: name.trim() },
      {
        onSuccess: () => {
          setName('');
          setError(undefined);
        },
        onError: (err) =>
          setError(
            err instanceof ApiError && err.fields?.name ? messageText(t, err.fields.name) : err.message,
          ),
      },
    );
  };

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="booth-categories-title">
      <Title order={3} size="h5" id="booth-categories-title" mb="xs">
        {t('organizer.exhibitors.categories.title')}
      </Title>
      <Group gap="xs" mb="sm" wrap="wrap">
        {(categories.data ?? []).length === 0 && (
          <Text size="sm" c="dimmed">
            {t('organizer.exhibitors.categories.empty')}
          </Text>
        )}
        {(categories.data ?? []).map((c) => (
          <Badge
            key={c.id}
            variant="light"
            size="lg"
            rightSection={
              <ActionIcon
                size="xs"
                variant="transparent"
                aria-label={t('organizer.exhibitors.categories.delete', { name: c.name })}
                onClick={() => remove.mutate(c.id)}
              >
                <IconTrash size={12} aria-hidden />
              </ActionIcon>
            }
          >
            {c.name} ({c.boothCount})
          </Badge>
        ))}
      </Group>
      <form noValidate onSubmit={add}>
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label={t('organizer.exhibitors.categories.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            style={{ flex: '1 1 12rem' }}
          />
          <Button type="submit" variant="light" mt={24} loading={save.isPending}>
            {t('organizer.exhibitors.categories.add')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
