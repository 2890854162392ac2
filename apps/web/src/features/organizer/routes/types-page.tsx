import type { ConsoleCategory, ConsoleParticipantType } from '@foyer/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useDeleteCategory, useDeleteType, useTypesAndCategories } from '../api/types';
import { CategoryEditor } from '../components/category-editor';
import { ConsoleSectionHeader, ConsoleTable } from '../components/console-section';
import { TypeEditor } from '../components/type-editor';
import '../i18n';

/** /organizer/:eventId/types: participant types with rights and limits, and category groups. */
export function TypesPage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const data = useTypesAndCategories(eventId);
  const [editingType, setEditingType] = useState<ConsoleParticipantType | null | 'new'>(null);
  const [removingType, setRemovingType] = useState<ConsoleParticipantType | null>(null);
  const [editingGroup, setEditingGroup] = useState<ConsoleCategory | null | 'new'>(null);
  const removeGroup = useDeleteCategory(eventId);

  if (data.isPending) return <Skeleton h={240} radius="md" aria-label={t('common.loading')} />;
  if (data.isError) return <Alert color="red">{data.error.message}</Alert>;
  const { types, categories } = data.data;
  const typeName = (id: number) => types.find((x) => x.id === id)?.name ?? `#${id}`;

  return (
    <Stack gap="lg" data-testid="console-types">
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="types-title">
        <Stack gap="md">
          <ConsoleSectionHeader
            id="types-title"
            title={t('organizer.types.title')}
            size="h3"
            addLabel={t('organizer.types.add')}
            addTestId="type-add"
            onAdd={() => setEditingType('new')}
          />
          <ConsoleTable
            label={t('organizer.types.title')}
            columns={[
              t('organizer.types.name'),
              t('organizer.types.maxMeetings'),
              t('organizer.types.rights'),
              t('organizer.types.people'),
            ]}
            actions={t('organizer.types.actions')}
            minWidth={560}
          >
            {types.map((type) => (
              <Table.Tr key={type.id} data-testid="type-row">
                <Table.Td>
                  <Text fw={600}>{type.name}</Text>
                  {type.ticketType && type.ticketType !== type.name && (
                    <Text size="xs" c="dimmed">
                      {type.ticketType}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{type.maxMeetingCount ?? t('organizer.types.unlimited')}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {type.atRegistration && (
                      <Badge variant="light">{t('organizer.types.badge.registration')}</Badge>
                    )}
                    {type.disableGuest && (
                      <Badge variant="light" color="gray">
                        {t('organizer.types.badge.noGuest')}
                      </Badge>
                    )}
                    {type.invitationRights && (
                      <Badge variant="light" color="grape">
                        {t('organizer.types.badge.invites', {
                          names: type.invitationRights.map(typeName).join(', ') || '—',
                        })}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{type.participantCount}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button size="xs" variant="default" onClick={() => setEditingType(type)}>
                      {t('organizer.types.editShort')}
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => setRemovingType(type)}>
                      {t('organizer.types.remove')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </ConsoleTable>
        </Stack>
      </Paper>

      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="categories-title">
        <Stack gap="md">
          <ConsoleSectionHeader
            id="categories-title"
            title={t('organizer.categories.title')}
            size="h3"
            addLabel={t('organizer.categories.add')}
            addTestId="category-add"
            onAdd={() => setEditingGroup('new')}
          />
          {categories.length === 0 && <Text c="dimmed">{t('organizer.categories.empty')}</Text>}
          {categories.map((group) => (
            <Paper key={group.id} withBorder p="sm" radius="sm" data-testid="category-row">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600}>{group.name}</Text>
                    {group.kind === 'booth' && (
                      <Badge variant="light">{t('organizer.categories.booth')}</Badge>
                    )}
                    {group.required && (
                      <Badge variant="light" color="red">
                        {t('organizer.categories.required')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {group.options.map((o) => o.name).join(' · ') || t('organizer.categories.freeText')}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="default" onClick={() => setEditingGroup(group)}>
                    {t('organizer.types.editShort')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    loading={removeGroup.isPending && removeGroup.variables === group.id}
                    onClick={() => removeGroup.mutate(group.id)}
                  >
                    {t('organizer.types.remove')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      </Paper>

      {editingType !== null && (
        <TypeEditor
          eventId={eventId}
          type={editingType === 'new' ? null : editingType}
          allTypes={types}
          onClose={() => setEditingType(null)}
        />
      )}
      {removingType && (
        <RemoveType
          eventId={eventId}
          type={removingType}
          types={types}
          onClose={() => setRemovingType(null)}
        />
      )}
      {editingGroup !== null && (
        <CategoryEditor
          eventId={eventId}
          group={editingGroup === 'new' ? null : editingGroup}
          onClose={() => setEditingGroup(null)}
        />
      )}
    </Stack>
  );
}

/** Removing a type with people asks where they go. */
function RemoveType({
  eventId,
  type,
  types,
  onClose,
}: {
  eventId: number;
  type: ConsoleParticipantType;
  types: ConsoleParticipantType[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteType(eventId);
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const needsTarget = type.participantCount > 0;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('organizer.types.removeTitle', { name: type.name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        {needsTarget ? (
          <Select
            label={t('organizer.types.moveTo', { count: type.participantCount })}
            data={types.filter((x) => x.id !== type.id).map((x) => ({ value: String(x.id), label: x.name }))}
            value={moveTo}
            onChange={setMoveTo}
          />
        ) : (
          <Text>{t('organizer.types.removeEmpty')}</Text>
        )}
        {remove.isError && (
          <Alert color="red" role="alert">
            {remove.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('organizer.types.cancel')}
          </Button>
          <Button
            color="red"
            disabled={needsTarget && !moveTo}
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(
                { id: type.id, ...(moveTo ? { moveTo: Number(moveTo) } : {}) },
                { onSuccess: onClose },
              )
            }
          >
            {t('organizer.types.remove')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
