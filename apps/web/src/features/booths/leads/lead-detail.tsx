import { LEAD_NOTES_MAX, type Lead, type LeadQuestion } from '@foyer/contract';
import {
  Anchor,
  Avatar,
  Button,
  Group,
  Paper,
  Rating,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { messageText } from '../../../i18n/keys';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { useSession } from '../../../lib/session-store';
import { toast } from '../../../lib/toast';
import { useAddLeadNote, useRemoveLead, useUpdateLead } from './api';
import { answersToSave, choiceItems, isStaleAnswer } from './lead-answers';
import './i18n';

function LeadRating({ eventId, lead }: { eventId: number; lead: Lead }) {
  const { t } = useTranslation();
  const update = useUpdateLead(eventId);
  const set = (rating: number | null) =>
    update.mutate({ id: lead.id, rating }, { onError: (error) => toast('error', error.message) });
  return (
    <Group gap="sm" align="center" role="group" aria-labelledby={`lead-rating-${lead.id}`}>
      <Text size="sm" fw={600} id={`lead-rating-${lead.id}`}>
        {t('contacts.leads.rating')}
      </Text>
      <Rating
        value={lead.rating ?? 0}
        onChange={(value) => set(value)}
        count={5}
        getSymbolLabel={(value) => t('contacts.leads.ratingValue', { value })}
        readOnly={update.isPending}
        data-testid="lead-rating"
      />
      {lead.rating !== null && (
        <Button size="compact-xs" variant="subtle" color="gray" onClick={() => set(null)}>
          {t('contacts.leads.ratingClear')}
        </Button>
      )}
    </Group>
  );
}

function Answers({ eventId, lead, questions }: { eventId: number; lead: Lead; questions: LeadQuestion[] }) {
  const { t } = useTranslation();
  const update = useUpdateLead(eventId);
  const [answers, setAnswers] = useState<Record<string, string>>(lead.answers);
  if (questions.length === 0) return null;
  // Only the answers changed are sent: one given before the questions changed stays as it was.
  const body = answersToSave(questions, lead.answers, answers);
  const changed = Object.keys(body).length > 0;
  return (
    <Stack gap="xs" component="section" aria-labelledby={`lead-answers-${lead.id}`}>
      <Title order={3} size="h5" id={`lead-answers-${lead.id}`}>
        {t('contacts.leads.answers')}
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate(
            { id: lead.id, answers: body },
            { onSuccess: () => toast('success', t('contacts.leads.saved')) },
          );
        }}
      >
        <Stack gap="xs">
          {questions.map((q) =>
            q.kind === 'choice' ? (
              <Select
                key={q.id}
                label={q.label}
                data={choiceItems(q, lead.answers[q.id], (answer) =>
                  t('contacts.leads.answerStale', { answer }),
                )}
                description={
                  isStaleAnswer(q, answers[q.id]) ? t('contacts.leads.answerStaleHint') : undefined
                }
                value={answers[q.id] || null}
                onChange={(value) => setAnswers((a) => ({ ...a, [q.id]: value ?? '' }))}
                placeholder={t('contacts.leads.answerNone')}
                clearable
                allowDeselect
                comboboxProps={{ withinPortal: true }}
                data-testid="lead-answer"
              />
            ) : (
              <TextInput
                key={q.id}
                label={q.label}
                value={answers[q.id] ?? ''}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setAnswers((a) => ({ ...a, [q.id]: value }));
                }}
                maxLength={500}
                data-testid="lead-answer"
              />
            ),
          )}
          {update.error && (
            <Text c="red.8" size="sm" role="alert">
              {update.error.message}
            </Text>
          )}
          <Group justify="flex-end">
            <Button
              type="submit"
              size="xs"
              disabled={!changed}
              loading={update.isPending}
              data-testid="lead-answers-save"
            >
              {t('contacts.leads.saveAnswers')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function Notes({ eventId, lead }: { eventId: number; lead: Lead }) {
  const { t } = useTranslation();
  const zone = useSession((s) => s.user?.timezone ?? null);
  const add = useAddLeadNote(eventId);
  const [note, setNote] = useState('');
  // A refusal of the note itself (too long, the lead's notes full) in the app's language.
  const refused = add.error instanceof ApiError ? add.error.fields?.note : undefined;
  const noteError = refused
    ? messageText(t, refused, { name: t('contacts.leads.noteAdd'), max: LEAD_NOTES_MAX })
    : add.error?.message;
  return (
    <Stack gap="xs" component="section" aria-labelledby={`lead-notes-${lead.id}`}>
      <Title order={3} size="h5" id={`lead-notes-${lead.id}`}>
        {t('contacts.leads.notes')}
      </Title>
      {lead.notes.length === 0 && (
        <Text size="sm" c="gray.7">
          {t('contacts.leads.notesEmpty')}
        </Text>
      )}
      {lead.notes.map((n) => (
        <Paper key={n.id} withBorder p="sm" radius="md" data-testid="lead-note">
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {n.note}
          </Text>
          <Text size="xs" c="gray.7" mt={4}>
            {[n.author, formatDateTime(n.createdAt, zone)].filter(Boolean).join(' · ')}
          </Text>
        </Paper>
      ))}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!note.trim()) return;
          add.mutate({ id: lead.id, note }, { onSuccess: () => setNote('') });
        }}
      >
        <Stack gap={6}>
          <Textarea
            label={t('contacts.leads.noteAdd')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={5}
            maxLength={2000}
            error={noteError}
            data-testid="lead-note-input"
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              size="xs"
              disabled={!note.trim()}
              loading={add.isPending}
              data-testid="lead-note-save"
            >
              {t('contacts.leads.noteSave')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** The booth's owner and admins remove a lead, once they confirmed it (for the whole team). */
function RemoveLead({ eventId, lead, onRemoving }: { eventId: number; lead: Lead; onRemoving(): void }) {
  const { t } = useTranslation();
  const remove = useRemoveLead(eventId);
  const confirm = () =>
    modals.openConfirmModal({
      title: t('contacts.leads.removeTitle'),
      children: <Text size="sm">{t('contacts.leads.removeText', { name: lead.fullName })}</Text>,
      labels: { confirm: t('contacts.leads.removeConfirm'), cancel: t('contacts.leads.cancel') },
      confirmProps: { color: 'red.9', 'data-testid': 'lead-remove-confirm' } as Record<string, string>,
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () => {
        onRemoving();
        // The promise, not mutate's callbacks: those are dropped once this detail unmounts, and it
        // does at once (onRemoving), or when the removal's own live record arrives first.
        remove.mutateAsync(lead).then(
          () => toast('success', t('contacts.leads.removed', { name: lead.fullName })),
          (error: Error) => toast('error', error.message),
        );
      },
    });
  return (
    <Button
      variant="subtle"
      color="red"
      size="compact-sm"
      leftSection={<IconTrash size={16} aria-hidden />}
      onClick={confirm}
      loading={remove.isPending}
      data-testid="lead-remove"
    >
      {t('contacts.leads.remove')}
    </Button>
  );
}

/** One lead: who, the rating, the booth's questions, and the team's notes. */
export function LeadDetail({
  eventId,
  lead,
  questions,
  canRemove,
  onBack,
  onRemoving,
}: {
  eventId: number;
  lead: Lead;
  questions: LeadQuestion[];
  /** The booth's owner or an admin: a lead may be removed. */
  canRemove: boolean;
  onBack(): void;
  /** This member confirmed the lead's removal (the list shows once it is gone). */
  onRemoving(): void;
}) {
  const { t } = useTranslation();
  const zone = useSession((s) => s.user?.timezone ?? null);
  return (
    <Stack gap="md" data-testid="lead-detail">
      <Group justify="space-between">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={onBack}
          data-testid="lead-back"
        >
          {t('contacts.leads.back')}
        </Button>
        {canRemove && <RemoveLead eventId={eventId} lead={lead} onRemoving={onRemoving} />}
      </Group>
      <Group wrap="nowrap" align="flex-start">
        <Avatar src={lead.profilePhoto} name={lead.fullName} alt="" size={56} color="foyer" />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {lead.fullName}
          </Title>
          {(lead.jobTitle || lead.company) && (
            <Text c="gray.7" size="sm">
              {[lead.jobTitle, lead.company].filter(Boolean).join(' · ')}
            </Text>
          )}
          <Text c="gray.7" size="xs">
            {[
              lead.scannedBy && t('contacts.leads.scannedBy', { name: lead.scannedBy }),
              formatDateTime(lead.createdAt, zone),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </div>
      </Group>
      <Stack gap={4}>
        {lead.emails.map((email) => (
          <Anchor key={email} href={`mailto:${email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {email}
          </Anchor>
        ))}
        {lead.phones.map((phone) => (
          <Anchor key={phone} href={`tel:${phone}`} size="sm">
            {phone}
          </Anchor>
        ))}
      </Stack>
      <LeadRating eventId={eventId} lead={lead} />
      <Answers key={JSON.stringify(lead.answers)} eventId={eventId} lead={lead} questions={questions} />
      <Notes eventId={eventId} lead={lead} />
    </Stack>
  );
}
