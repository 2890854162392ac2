import { type ContactDetails, type ContactNote, websiteHref } from '@foyer/contract';
import {
  ActionIcon,
  Anchor,
  Avatar,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { formatDateTime } from '../../../lib/format-date';
import { useSession } from '../../../lib/session-store';
import { useContact, useDeleteContact, useDeleteNote, useSaveNote } from '../api/contacts';
import { ContactFormModal } from './contact-form-modal';
import { ContactNoteForm } from './contact-note-form';
import { ExchangeBadge } from './exchange-badge';
import '../i18n';

function NoteItem({ note, zone }: { note: ContactNote; zone: string | null }) {
  const { t } = useTranslation();
  const remove = useDeleteNote();
  const save = useSaveNote();
  const [text, setText] = useState<string | null>(null);
  if (text !== null) {
    return (
      <Stack gap={6}>
        <Textarea
          label={t('contacts.note.edit')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={5}
          error={save.error?.message}
        />
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={() => setText(null)}>
            {t('contacts.form.cancel')}
          </Button>
          <Button
            size="xs"
            loading={save.isPending}
            disabled={!text.trim()}
            onClick={() =>
              save.mutate(
                { id: note.id, contactId: note.contactId, note: text },
                { onSuccess: () => setText(null) },
              )
            }
          >
            {t('contacts.form.save')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Paper withBorder p="sm" radius="md" data-testid="contact-note-item">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {note.note}
        </Text>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('contacts.note.edit')}
            onClick={() => setText(note.note)}
          >
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('contacts.note.delete')}
            loading={remove.isPending}
            onClick={() => remove.mutate(note.id)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {formatDateTime(note.insertedAt, zone)}
      </Text>
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function Body({
  contact,
  eventId,
  onDeleted,
}: {
  contact: ContactDetails;
  eventId: number | null;
  onDeleted(): void;
}) {
  const { t } = useTranslation();
  const zone = useSession((s) => s.user?.timezone ?? null);
  // A scanned card's website links only when it is a web address; other text is shown as it is.
  const website = websiteHref(contact.website);
  const remove = useDeleteContact();
  const [editing, setEditing] = useState(false);
  // E4.62: why a one-sided contact shows no e-mail or phone of theirs.
  const exchangeHint =
    contact.exchange === 'sent'
      ? t('contacts.exchange.hintSent')
      : contact.exchange === 'received'
        ? t('contacts.exchange.hintReceived', { name: contact.fullName })
        : contact.exchange === 'rejected'
          ? t('contacts.exchange.hintRejected')
          : null;

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('contacts.delete.title'),
      children: <Text size="sm">{t('contacts.delete.text', { name: contact.fullName })}</Text>,
      labels: { confirm: t('contacts.delete.confirm'), cancel: t('contacts.form.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(contact.id, { onSuccess: onDeleted }),
    });

  return (
    <Stack gap="md" data-testid="contact-detail">
      <Group wrap="nowrap" align="flex-start">
        <Avatar src={contact.profilePhotoPath} name={contact.fullName} alt="" size={56} color="foyer" />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {contact.fullName}
          </Title>
          {(contact.jobTitle || contact.company) && (
            <Text c="dimmed" size="sm">
              {[contact.jobTitle, contact.company].filter(Boolean).join(' · ')}
            </Text>
          )}
          <ExchangeBadge state={contact.exchange} />
        </div>
      </Group>
      {exchangeHint && (
        <Text size="sm" c="gray.7" data-testid="contact-exchange-hint">
          {exchangeHint}
        </Text>
      )}
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={() => setEditing(true)}
        >
          {t('contacts.edit.open')}
        </Button>
        <Button
          size="xs"
          variant="default"
          c="red.9"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={confirmDelete}
        >
          {t('contacts.delete.open')}
        </Button>
      </Group>
      <Stack gap="xs">
        {contact.emails.length > 0 && (
          <Field label={t('contacts.form.emails')}>
            {contact.emails.map((email) => (
              <div key={email}>
                <Anchor href={`mailto:${email}`}>{email}</Anchor>
              </div>
            ))}
          </Field>
        )}
        {contact.phones.length > 0 && (
          <Field label={t('contacts.form.phones')}>
            {contact.phones.map((phone) => (
              <div key={phone}>
                <Anchor href={`tel:${phone}`}>{phone}</Anchor>
              </div>
            ))}
          </Field>
        )}
        {contact.website && (
          <Field label={t('contacts.form.website')}>
            {website ? (
              <Anchor href={website} target="_blank" rel="noopener noreferrer">
                {contact.website}
              </Anchor>
            ) : (
              contact.website
            )}
          </Field>
        )}
        {contact.eventObjects.length > 0 && (
          <Field label={t('contacts.events')}>{contact.eventObjects.map((e) => e.name).join(', ')}</Field>
        )}
        <Field label={t('contacts.added')}>{formatDateTime(contact.insertedAtStr, zone)}</Field>
      </Stack>
      <Stack gap="xs">
        <Title order={4} size="h5">
          {t('contacts.notes.title')}
        </Title>
        {contact.notes.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('contacts.notes.empty')}
          </Text>
        )}
        {contact.notes.map((n) => (
          <NoteItem key={n.id} note={n} zone={zone} />
        ))}
        <ContactNoteForm
          contactId={contact.id}
          inputTestId="contact-note-input"
          saveTestId="contact-note-save"
        />
      </Stack>
      <ContactFormModal
        opened={editing}
        onClose={() => setEditing(false)}
        eventId={eventId}
        contact={contact}
      />
    </Stack>
  );
}

/** A2.77, E2.50: one contact with its notes, and the way back to the list. */
export function ContactDetail({
  id,
  eventId,
  onBack,
}: {
  id: number;
  eventId: number | null;
  onBack(): void;
}) {
  const { t } = useTranslation();
  const query = useContact(id);
  return (
    <Stack gap="sm">
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={onBack}
          data-testid="contact-back"
        >
          {t('contacts.back')}
        </Button>
      </Group>
      {query.data ? (
        <Body contact={query.data} eventId={eventId} onDeleted={onBack} />
      ) : query.isError ? (
        <Text c="red" role="alert">
          {query.error.message}
        </Text>
      ) : (
        <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton h={56} />
          <Skeleton h={120} />
        </Stack>
      )}
    </Stack>
  );
}
