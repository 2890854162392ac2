import type { Contact } from '@foyer/contract';
import {
  Avatar,
  Button,
  EmptyState,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAddressBookOff, IconDownload, IconPlus, IconQrcode, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { exportContacts, useContacts, useContactsLive } from '../api/contacts';
import { ContactDetail } from './contact-detail';
import { ContactFormModal } from './contact-form-modal';
import { ContactRequests } from './contact-requests';
import classes from './contacts.module.css';
import { ExchangeBadge } from './exchange-badge';
import { ScanContactModal } from './scan-contact-modal';
import '../i18n';

const SEARCH_DEBOUNCE_MS = 400; // A9.19 (the participant search's debounce; contacts use the same)

function ContactRow({ contact, selected, onOpen }: { contact: Contact; selected: boolean; onOpen(): void }) {
  return (
    <UnstyledButton
      className={classes.row}
      data-selected={selected || undefined}
      onClick={onOpen}
      aria-current={selected || undefined}
      data-testid="contact-row"
    >
      <Group wrap="nowrap" gap="sm">
        <Avatar src={contact.profilePhotoPath} name={contact.fullName} alt="" color="foyer" />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} size="sm" truncate>
            {contact.fullName}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {[contact.company, contact.email].filter(Boolean).join(' · ')}
          </Text>
          {contact.note && (
            <Text size="xs" truncate>
              {contact.note}
            </Text>
          )}
        </div>
        {contact.exchange && contact.exchange !== 'accepted' && <ExchangeBadge state={contact.exchange} />}
      </Group>
    </UnstyledButton>
  );
}

interface Props {
  /** List the contacts collected at this event (all of mine when null). */
  eventId: number | null;
  /** Where a new contact is collected; the listed event by default. */
  collectAt?: number | null;
  /** Drawer: the list, then the detail in its place. Page: side by side from 768 px. */
  variant: 'drawer' | 'page';
}

/** A2.13, A2.77, E2.49, E2.50, E1.13: my contacts — header, search, list, detail, add, export. */
export function ContactsPanel({ eventId, collectAt = eventId, variant }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [selected, setSelected] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [exporting, setExporting] = useState(false);
  const query = useContacts(eventId, debounced);
  useContactsLive(); // E4.62: requests and answers arrive while the list or a contact is open
  const contacts = query.data?.pages.flatMap((p) => p.items) ?? [];

  const runExport = async () => {
    setExporting(true);
    try {
      await exportContacts(eventId);
    } catch (error) {
      toast('error', (error as Error).message);
    } finally {
      setExporting(false);
    }
  };

  const header = (
    <Stack gap="xs">
      <Group gap="xs" justify="space-between">
        <Group gap="xs">
          {collectAt && (
            <Button
              size="xs"
              leftSection={<IconQrcode size={14} aria-hidden />}
              onClick={() => setScanning(true)}
              data-testid="contact-scan-open"
            >
              {t('contacts.scan.open')}
            </Button>
          )}
          <Button
            size="xs"
            variant={collectAt ? 'default' : 'filled'}
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setAdding(true)}
            data-testid="contact-add"
          >
            {t('contacts.add.open')}
          </Button>
        </Group>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={runExport}
          loading={exporting}
          disabled={contacts.length === 0}
          data-testid="contact-export"
        >
          {t('contacts.export')}
        </Button>
      </Group>
      <TextInput
        aria-label={t('contacts.search')}
        placeholder={t('contacts.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={query.isFetching && !query.isFetchingNextPage ? <Loader size="xs" /> : null}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        type="search"
        data-testid="contact-search"
      />
      <ContactRequests />
    </Stack>
  );

  const list = (
    <Stack gap={4} data-testid="contact-list">
      {query.isPending ? (
        <Group justify="center" py="lg">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : query.isError ? (
        <Text c="red" role="alert">
          {query.error.message}
        </Text>
      ) : contacts.length === 0 ? (
        <EmptyState
          py="lg"
          icon={<IconAddressBookOff size={32} aria-hidden />}
          title={debounced ? t('contacts.noResults') : t('shell.contacts.empty.title')}
          description={debounced ? undefined : t('contacts.empty.text')}
        />
      ) : (
        contacts.map((c) => (
          <ContactRow key={c.id} contact={c} selected={selected === c.id} onOpen={() => setSelected(c.id)} />
        ))
      )}
      {query.hasNextPage && (
        <Button variant="subtle" onClick={() => query.fetchNextPage()} loading={query.isFetchingNextPage}>
          {t('contacts.loadMore')}
        </Button>
      )}
    </Stack>
  );

  const detail = selected !== null && (
    <ContactDetail key={selected} id={selected} eventId={collectAt} onBack={() => setSelected(null)} />
  );

  return (
    <>
      {variant === 'drawer' ? (
        <Stack gap="md">{detail || [<div key="h">{header}</div>, <div key="l">{list}</div>]}</Stack>
      ) : (
        <div className={classes.page} data-detail={selected !== null || undefined}>
          <Stack gap="md" className={classes.listPane}>
            {header}
            {list}
          </Stack>
          <div className={classes.detailPane}>
            {detail || (
              <Text c="dimmed" size="sm" className={classes.hint}>
                {t('contacts.pick')}
              </Text>
            )}
          </div>
        </div>
      )}
      {collectAt && (
        <ScanContactModal
          opened={scanning}
          onClose={() => setScanning(false)}
          eventId={collectAt}
          onOpenContact={setSelected}
        />
      )}
      <ContactFormModal
        opened={adding}
        onClose={() => setAdding(false)}
        eventId={collectAt}
        onSaved={(saved) => setSelected(saved.id)}
      />
    </>
  );
}
