import { type ConsoleParticipant, PEOPLE_PAGE_SIZE, peopleStates } from '@foyer/contract';
import {
  Alert,
  Button,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useEvent } from '../../../lib/use-event';
import { exportPeople, type PeopleFilters, usePeople } from '../api/people';
import { PeopleBulkBar } from '../components/people-bulk-bar';
import { PeopleEditDrawer } from '../components/people-edit-drawer';
import { PeopleInviteModal } from '../components/people-invite-modal';
import { PeopleTable } from '../components/people-table';
import '../i18n';

/** The console's people area (issue 12, part 3): list, search, filters, bulk actions, edit, export, invite. */
export function PeoplePage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const event = useEvent(eventId);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [filters, setFilters] = useState<Omit<PeopleFilters, 'search'>>({
    typeId: null,
    state: null,
    organizer: null,
    sort: 'name',
    page: 1,
  });
  const query = { ...filters, search: debounced };
  const people = usePeople(eventId, query);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<ConsoleParticipant | null>(null);
  const [inviting, setInviting] = useState(false);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const types = event.data?.participantTypes ?? [];
  const items = people.data?.items ?? [];
  const total = people.data?.total ?? 0;

  const setFilter = <K extends keyof typeof filters>(key: K, value: (typeof filters)[K]) => {
    setFilters((f) => ({ ...f, [key]: value, page: key === 'page' ? (value as number) : 1 }));
    if (key !== 'page') setSelected(new Set());
  };
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = (checked: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const p of items) {
        if (checked) next.add(p.id);
        else next.delete(p.id);
      }
      return next;
    });
  const runExport = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      await exportPeople(eventId, query, format);
    } catch (error) {
      toast('error', (error as Error).message);
    } finally {
      setExporting(null);
    }
  };

  return (
    <Stack gap="md" data-testid="console-people">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('organizer.people.title')}</Title>
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() => runExport('csv')}
            loading={exporting === 'csv'}
            disabled={exporting !== null}
            data-testid="people-export"
          >
            {t('organizer.people.export')}
          </Button>
          <Button
            variant="default"
            onClick={() => runExport('xlsx')}
            loading={exporting === 'xlsx'}
            disabled={exporting !== null}
            data-testid="people-export-xlsx"
          >
            {t('organizer.people.exportXlsx')}
          </Button>
          <Button onClick={() => setInviting(true)} disabled={!event.data} data-testid="people-invite-open">
            {t('organizer.people.inviteOpen')}
          </Button>
        </Group>
      </Group>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          label={t('organizer.people.search')}
          placeholder={t('organizer.people.searchPlaceholder')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setFilters((f) => ({ ...f, page: 1 }));
          }}
          data-testid="people-search"
          style={{ flex: '1 1 220px' }}
        />
        <Select
          label={t('organizer.people.filter.type')}
          clearable
          data={types.map((type) => ({ value: String(type.id), label: type.name }))}
          value={filters.typeId === null ? null : String(filters.typeId)}
          onChange={(v) => setFilter('typeId', v === null ? null : Number(v))}
          w={170}
        />
        <Select
          label={t('organizer.people.filter.state')}
          clearable
          data={peopleStates.map((state) => ({ value: state, label: t(`organizer.people.state.${state}`) }))}
          value={filters.state}
          onChange={(v) => setFilter('state', v)}
          w={150}
        />
        <Select
          label={t('organizer.people.filter.organizer')}
          clearable
          data={[
            { value: 'true', label: t('organizer.people.filter.organizers') },
            { value: 'false', label: t('organizer.people.filter.others') },
          ]}
          value={filters.organizer}
          onChange={(v) => setFilter('organizer', v as PeopleFilters['organizer'])}
          w={160}
        />
        <Select
          label={t('organizer.people.sort.label')}
          data={(['name', 'created', 'company'] as const).map((sort) => ({
            value: sort,
            label: t(`organizer.people.sort.${sort}`),
          }))}
          value={filters.sort}
          onChange={(v) => setFilter('sort', (v ?? 'name') as PeopleFilters['sort'])}
          allowDeselect={false}
          w={150}
        />
      </Group>
      {selected.size > 0 && (
        <PeopleBulkBar
          eventId={eventId}
          ids={[...selected]}
          types={types}
          onDone={() => setSelected(new Set())}
        />
      )}
      {people.isLoading ? (
        <Loader aria-label={t('common.loading')} />
      ) : people.isError ? (
        <Alert color="red" role="alert">
          {people.error.message}
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="people-total">
            {t('organizer.people.total', { count: total })}
          </Text>
          {items.length === 0 ? (
            <Text data-testid="people-empty">{t('organizer.people.empty')}</Text>
          ) : (
            <PeopleTable
              people={items}
              types={types}
              selected={selected}
              onToggle={toggle}
              onToggleAll={toggleAll}
              onEdit={setEditing}
            />
          )}
          {total > PEOPLE_PAGE_SIZE && (
            <Pagination
              total={Math.ceil(total / PEOPLE_PAGE_SIZE)}
              value={filters.page}
              onChange={(page) => setFilter('page', page)}
              getControlProps={(control) => ({ 'aria-label': t(`organizer.people.page.${control}`) })}
              getItemProps={(page) => ({ 'aria-label': t('organizer.people.page.number', { page }) })}
            />
          )}
        </>
      )}
      <PeopleEditDrawer
        eventId={eventId}
        person={editing}
        types={types}
        categories={event.data?.categories ?? []}
        isOwner={event.data?.me?.organizerRole === 'owner'}
        onClose={() => setEditing(null)}
      />
      {event.data && (
        <PeopleInviteModal event={event.data} opened={inviting} onClose={() => setInviting(false)} />
      )}
    </Stack>
  );
}
