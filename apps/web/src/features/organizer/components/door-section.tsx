import {
  type ConsoleCheckInArea,
  type ConsoleDoor,
  createCheckInAreaRequest,
  type ParticipantType,
} from '@foyer/contract';
import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useDeleteArea, useDoor, useSaveArea } from '../api/exhibitors';
import { areaUpdate, isStaleArea } from '../lib/door-conflict';
import { apiFieldErrors, issueErrors } from '../lib/form-errors';
import { ConsoleListSection, RowActions } from './console-section';
import { DoorBadges } from './door-badges';
import { DoorStaff } from './door-staff';

type Errors = Partial<Record<string, string>>;

/** Door set-up: check-in areas with capacity, allowed types and live occupancy; the staff. */
export function DoorSection({ eventId, types }: { eventId: number; types: ParticipantType[] }) {
  const { t } = useTranslation();
  const door = useDoor(eventId);
  const remove = useDeleteArea(eventId);
  const [editing, setEditing] = useState<ConsoleCheckInArea | 'new' | null>(null);
  // Set when a save found the area changed by another organizer: the form shows it reloaded.
  const [reloaded, setReloaded] = useState(false);
  const edit = (area: ConsoleCheckInArea | 'new' | null) => {
    setReloaded(false);
    setEditing(area);
  };
  /** E5.56: reads the area again and opens it as it is now (or closes the form when it is gone). */
  const reload = async (id: number) => {
    const fresh = (await door.refetch()).data?.areas.find((a) => a.id === id) ?? null;
    setEditing(fresh);
    setReloaded(fresh !== null);
    if (!fresh) toast('error', t('organizer.door.error.staleGone'));
  };
  const typeName = (id: number) => types.find((type) => type.id === id)?.name ?? `#${id}`;
  const areaName = (a: ConsoleCheckInArea) => a.name || t('organizer.door.wholeEvent');

  return (
    <ConsoleListSection
      header={{
        id: 'door-title',
        title: t('organizer.door.title'),
        addLabel: t('organizer.door.addArea'),
        addTestId: 'area-add',
        onAdd: () => edit('new'),
      }}
      intro={t('organizer.door.intro')}
      error={door.error}
      count={door.isSuccess ? door.data.areas.length : undefined}
      emptyText={t('organizer.door.empty')}
      table={{
        label: t('organizer.door.title'),
        columns: [t('organizer.door.area'), t('organizer.door.allowed'), t('organizer.door.occupancy')],
        actions: t('organizer.exhibitors.actions'),
        boxed: true,
      }}
      after={
        <>
          <DoorStaff eventId={eventId} />
          <DoorBadges eventId={eventId} types={types} />
          <Modal
            opened={editing !== null}
            onClose={() => edit(null)}
            title={editing === 'new' ? t('organizer.door.addArea') : t('organizer.door.editAreaTitle')}
            closeButtonProps={{ 'aria-label': t('common.close') }}
          >
            {editing && door.data && (
              <AreaForm
                // A reloaded area is a new form, filled with what the other organizer saved.
                key={editing === 'new' ? 'new' : `${editing.id}:${editing.updatedAt}`}
                eventId={eventId}
                area={editing === 'new' ? null : editing}
                door={door.data}
                types={types}
                reloaded={reloaded}
                onStale={(id) => void reload(id)}
                onDone={() => edit(null)}
              />
            )}
          </Modal>
        </>
      }
    >
      {door.data?.areas.map((area) => (
        <Table.Tr key={area.id} data-testid="area-row">
          <Table.Td>
            <Text size="sm" fw={500}>
              {areaName(area)}
            </Text>
            {area.entityType !== 'event' && (
              <Text size="xs" c="dimmed">
                {t(`organizer.door.kind.${area.entityType}`)}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            {area.allowedTypeIds.length
              ? area.allowedTypeIds.map(typeName).join(', ')
              : t('organizer.door.everyone')}
          </Table.Td>
          <Table.Td miw={120}>
            <Text size="sm">
              {area.effectiveCapacity === null
                ? t('organizer.door.inside', { count: area.capacityUsed })
                : t('organizer.door.used', {
                    used: area.capacityUsed,
                    capacity: area.effectiveCapacity,
                  })}
            </Text>
            {area.effectiveCapacity !== null && area.effectiveCapacity > 0 && (
              <Progress
                value={Math.min(100, (100 * area.capacityUsed) / area.effectiveCapacity)}
                size="sm"
                aria-label={t('organizer.door.occupancy')}
              />
            )}
          </Table.Td>
          <Table.Td>
            <Group gap={4} wrap="nowrap" justify="flex-end">
              <RowActions
                editLabel={t('organizer.door.editArea', { name: areaName(area) })}
                onEdit={() => edit(area)}
                deleteLabel={t('organizer.door.deleteArea', { name: areaName(area) })}
                onDelete={() =>
                  window.confirm(t('organizer.door.confirmDelete', { name: areaName(area) })) &&
                  remove.mutate(area.id, { onError: (e) => toast('error', e.message) })
                }
              />
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ConsoleListSection>
  );
}

const targetKey = (entityType: string, entityId: number | null) => `${entityType}:${entityId ?? 0}`;

function AreaForm({
  eventId,
  area,
  door,
  types,
  reloaded,
  onStale,
  onDone,
}: {
  eventId: number;
  area: ConsoleCheckInArea | null;
  door: ConsoleDoor;
  types: ParticipantType[];
  /** The area was reloaded after another organizer's change: say so above the form. */
  reloaded: boolean;
  /** A save found the area changed since it was read (409): reload it. */
  onStale(areaId: number): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const save = useSaveArea(eventId);
  const taken = new Set(door.areas.map((a) => targetKey(a.entityType, a.entityId)));
  const targets = door.targets.filter((x) => !taken.has(targetKey(x.entityType, x.entityId)));
  const [target, setTarget] = useState<string | null>(
    area
      ? targetKey(area.entityType, area.entityId)
      : ((targets[0] && targetKey(targets[0].entityType, targets[0].entityId)) ?? null),
  );
  const [name, setName] = useState(area?.customName ?? '');
  const [capacity, setCapacity] = useState<number | string>(area?.capacity ?? '');
  const [allowed, setAllowed] = useState<string[]>((area?.allowedTypeIds ?? []).map(String));
  const [errors, setErrors] = useState<Errors>({});
  const [entityType, entityIdText] = (target ?? 'event:0').split(':') as [string, string];
  const eventWide = entityType === 'event';

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const rules = {
      name: name.trim() || null,
      capacity: eventWide || capacity === '' ? null : Number(capacity),
      allowedTypeIds: eventWide ? [] : allowed.map(Number),
    };
    const body = { entityType, ...(eventWide ? {} : { entityId: Number(entityIdText) }), ...rules };
    const parsed = createCheckInAreaRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(issueErrors(t, parsed.error.issues));
      return;
    }
    save.mutate(area ? areaUpdate(area, rules) : parsed.data, {
      onSuccess: () => {
        toast('success', t('organizer.door.saved'));
        onDone();
      },
      onError: (error) => {
        if (area && isStaleArea(error)) onStale(area.id);
        else setErrors(apiFieldErrors(t, error) ?? { form: error.message });
      },
    });
  };

  const targetLabel = (x: ConsoleDoor['targets'][number]) =>
    x.entityType === 'event'
      ? t('organizer.door.wholeEvent')
      : `${x.name} · ${t(`organizer.door.kind.${x.entityType}`)}`;
  const choices = area ? door.targets.filter((x) => targetKey(x.entityType, x.entityId) === target) : targets;

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        {reloaded && (
          <Alert color="yellow" role="alert" data-testid="area-reloaded">
            {t('organizer.door.error.stale')}
          </Alert>
        )}
        <Select
          label={t('organizer.door.target')}
          data={choices.map((x) => ({ value: targetKey(x.entityType, x.entityId), label: targetLabel(x) }))}
          value={target}
          onChange={setTarget}
          disabled={area !== null}
          searchable
          allowDeselect={false}
          error={errors.entityId ?? errors.entityType}
        />
        <TextInput
          label={t('organizer.door.name')}
          placeholder={t('organizer.door.namePlaceholder')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
        />
        {!eventWide && (
          <>
            <NumberInput
              label={t('organizer.door.capacity')}
              description={t('organizer.door.capacityHint')}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              value={capacity}
              onChange={setCapacity}
              error={errors.capacity}
            />
            <MultiSelect
              label={t('organizer.door.allowed')}
              description={t('organizer.door.allowedHint')}
              data={types.map((type) => ({ value: String(type.id), label: type.name }))}
              value={allowed}
              onChange={setAllowed}
              clearable
              error={errors.allowedTypeIds}
            />
          </>
        )}
        {eventWide && (
          <Text size="sm" c="dimmed">
            {t('organizer.door.eventWideHint')}
          </Text>
        )}
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!target} data-testid="area-save">
            {t('organizer.door.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
