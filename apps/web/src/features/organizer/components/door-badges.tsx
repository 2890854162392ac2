import type { BadgeTemplate, ParticipantType } from '@foyer/contract';
import { Badge, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useBadgeConsole, useBadgeQueueLive, useDeleteTemplate } from '../api/badges';
import { ConsoleListSection, RowActions } from './console-section';
import { TemplateForm } from './door-badges-editor';
import { BadgeQueue } from './door-badges-queue';
import { DoorPrinters } from './door-printers';

/**
 * Badge printing in the console (issue 14, part 3): printers, badge templates (E3.37, with a
 * preview) and the print queue with batch printing. Follows the event's badge room live.
 */
export function DoorBadges({ eventId, types }: { eventId: number; types: ParticipantType[] }) {
  useBadgeQueueLive(eventId);
  return (
    <Stack gap="xl">
      <DoorPrinters eventId={eventId} />
      <BadgeTemplates eventId={eventId} types={types} />
      <BadgeQueue eventId={eventId} types={types} />
    </Stack>
  );
}

function BadgeTemplates({ eventId, types }: { eventId: number; types: ParticipantType[] }) {
  const { t } = useTranslation();
  const badges = useBadgeConsole(eventId);
  const remove = useDeleteTemplate(eventId);
  const [editing, setEditing] = useState<BadgeTemplate | 'new' | null>(null);
  const typeName = (id: number | null) =>
    id === null ? t('badges.templates.everyone') : (types.find((x) => x.id === id)?.name ?? `#${id}`);

  return (
    <ConsoleListSection
      header={{
        id: 'templates-title',
        title: t('badges.templates.title'),
        size: 'h3',
        addLabel: t('badges.templates.add'),
        addTestId: 'template-add',
        onAdd: () => setEditing('new'),
      }}
      intro={t('badges.templates.intro')}
      error={badges.error}
      count={badges.isSuccess ? badges.data.templates.length : undefined}
      emptyText={t('badges.templates.empty')}
      table={{
        label: t('badges.templates.title'),
        columns: [t('badges.template.name'), t('badges.template.size'), t('badges.template.type')],
        actions: t('organizer.exhibitors.actions'),
        boxed: true,
      }}
      after={
        <Modal
          opened={editing !== null}
          onClose={() => setEditing(null)}
          title={editing === 'new' ? t('badges.templates.add') : t('badges.templates.editTitle')}
          closeButtonProps={{ 'aria-label': t('common.close') }}
          size="xl"
        >
          {editing && (
            <TemplateForm
              key={editing === 'new' ? 'new' : editing.id}
              eventId={eventId}
              template={editing === 'new' ? null : editing}
              types={types}
              onDone={() => setEditing(null)}
            />
          )}
        </Modal>
      }
    >
      {badges.data?.templates.map((template) => (
        <Table.Tr key={template.id} data-testid="template-row">
          <Table.Td>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={500}>
                {template.name}
              </Text>
              {template.isDefault && (
                <Badge size="xs" variant="light">
                  {t('badges.templates.default')}
                </Badge>
              )}
            </Group>
          </Table.Td>
          <Table.Td>{t(`badges.template.size.${template.size}`)}</Table.Td>
          <Table.Td>{typeName(template.participantTypeId)}</Table.Td>
          <Table.Td>
            <Group gap={4} wrap="nowrap" justify="flex-end">
              <RowActions
                editLabel={t('badges.templates.edit', { name: template.name })}
                onEdit={() => setEditing(template)}
                deleteLabel={t('badges.templates.delete', { name: template.name })}
                onDelete={() =>
                  window.confirm(t('badges.templates.confirmDelete', { name: template.name })) &&
                  remove.mutate(template.id, { onError: (e) => toast('error', e.message) })
                }
              />
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ConsoleListSection>
  );
}
