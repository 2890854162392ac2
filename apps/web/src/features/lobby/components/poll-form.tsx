import {
  addAnswerRow,
  answerKeyAction,
  POLL_ANSWER_MAX_LENGTH,
  POLL_QUESTION_MAX_LENGTH,
  type Poll,
  type PollFormValues,
  removeAnswerRow,
} from '@foyer/contract';
import { ActionIcon, Button, Checkbox, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { messageText } from '../../../i18n/keys';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { toast } from '../../../lib/toast';
import { usePollAction, useSavePoll } from '../api/polls';
import { isoToLocalInput, localInputToIso, nextHourIso } from '../lib/when';
import '../i18n';

type When = 'now' | 'draft' | 'schedule';

interface Props {
  eventId: number;
  poll: Poll | null;
  maxAnswers: number;
  onDone(): void;
}

const initialValues = (poll: Poll | null): PollFormValues => ({
  question: poll?.question ?? '',
  answers: poll ? poll.answers.map((a) => ({ id: a.id, text: a.text })) : [{ text: '' }, { text: '' }],
  autoPublishResults: poll?.autoPublishResults ?? false,
  multiple: poll?.multiple ?? false,
});

/** Question, answer rows (addable, removable, Enter adds the next: E5.31–E5.35), options, when to publish. */
export function PollForm({ eventId, poll, maxAnswers, onDone }: Props) {
  const { t } = useTranslation();
  const zone = useSession((state) => state.user?.timezone ?? null);
  const save = useSavePoll(eventId);
  const act = usePollAction(eventId);
  const [values, setValues] = useState<PollFormValues>(() => initialValues(poll));
  const [errors, setErrors] = useState<{
    question?: string;
    answers: Record<number, string>;
    postAt?: string;
  }>({
    answers: {},
  });
  const unpublished = !poll || poll.status === 'draft' || poll.status === 'scheduled';
  const [when, setWhen] = useState<When>(poll?.status === 'scheduled' ? 'schedule' : poll ? 'draft' : 'now');
  const [postAt, setPostAt] = useState(isoToLocalInput(poll?.postAt ?? nextHourIso(), zone));
  const rows = useRef<(HTMLInputElement | null)[]>([]);
  const [focusRow, setFocusRow] = useState<number | null>(null);

  useEffect(() => {
    if (focusRow === null) return;
    rows.current[focusRow]?.focus();
    setFocusRow(null);
  }, [focusRow]);

  const setAnswer = (index: number, text: string) => {
    setValues((v) => ({ ...v, answers: v.answers.map((a, i) => (i === index ? { ...a, text } : a)) }));
    if (errors.answers[index]) setErrors((e) => ({ ...e, answers: { ...e.answers, [index]: '' } }));
  };
  const addRow = (after?: number) => {
    if (values.answers.length >= maxAnswers) return;
    setValues((v) => addAnswerRow(v, after));
    setFocusRow(after === undefined ? values.answers.length : after + 1);
  };
  const removeRow = (index: number) => {
    setValues((v) => removeAnswerRow(v, index));
    setErrors((e) => ({ ...e, answers: {} }));
    setFocusRow(Math.max(0, index - 1));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const answerErrors: Record<number, string> = {};
    values.answers.forEach((a, i) => {
      if (!a.text.trim()) answerErrors[i] = t('lobby.poll.answerRequired'); // E5.32
    });
    const at = when === 'schedule' ? localInputToIso(postAt, zone) : null;
    const next = {
      question: values.question.trim() ? undefined : t('lobby.poll.questionRequired'), // E5.31
      answers: answerErrors,
      postAt: when === 'schedule' && !at ? t('lobby.announcement.postAtInvalid') : undefined,
    };
    setErrors(next);
    if (next.question || next.postAt || Object.keys(answerErrors).length > 0) return;
    try {
      const saved = await save.mutateAsync({
        ...values,
        question: values.question.trim(),
        answers: values.answers.map((a) => ({ ...a, text: a.text.trim() })),
        ...(poll?.id ? { id: poll.id } : {}),
        ...(unpublished ? { postAt: when === 'schedule' ? at : null } : {}),
      });
      // Published by an action rather than postAt = now, so a fast client clock cannot schedule it.
      if (unpublished && when === 'now') await act.mutateAsync({ id: saved.id, action: 'publish' });
      toast(
        'success',
        t(poll ? 'lobby.poll.saved' : when === 'now' ? 'lobby.poll.published' : 'lobby.poll.created'),
      );
      onDone();
    } catch (error) {
      // A refused switch to single choice (someone chose several answers) names its field.
      const refused = error instanceof ApiError ? error.fields?.multiple : undefined;
      toast('error', refused ? messageText(t, refused) : (error as Error).message);
    }
  };

  return (
    <form noValidate onSubmit={submit} data-testid="poll-form">
      <Stack gap="md">
        <TextInput
          label={t('lobby.poll.question')}
          required
          maxLength={POLL_QUESTION_MAX_LENGTH}
          value={values.question}
          onChange={(e) => {
            const question = e.currentTarget.value;
            setValues((v) => ({ ...v, question }));
            if (errors.question) setErrors((e) => ({ ...e, question: undefined }));
          }}
          error={errors.question}
          data-autofocus
          data-testid="poll-question-input"
        />
        <Stack gap="xs" role="group" aria-labelledby="poll-answers-label">
          <Text size="sm" fw={500} id="poll-answers-label">
            {t('lobby.poll.answers')}
          </Text>
          <Text size="xs" c="gray.7">
            {t('lobby.poll.answersHint')}
          </Text>
          {values.answers.map((answer, index) => (
            <Group key={answer.id ?? `new-${index}`} gap="xs" wrap="nowrap" align="flex-start">
              <TextInput
                ref={(el) => {
                  rows.current[index] = el;
                }}
                style={{ flex: 1 }}
                aria-label={t('lobby.poll.answerLabel', { number: index + 1 })}
                placeholder={t('lobby.poll.answerLabel', { number: index + 1 })}
                required
                maxLength={POLL_ANSWER_MAX_LENGTH}
                value={answer.text}
                onChange={(e) => setAnswer(index, e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (answerKeyAction({ key: e.key, isComposing: e.nativeEvent.isComposing }) === 'addRow') {
                    e.preventDefault(); // E5.35: Enter adds the next row instead of submitting
                    addRow(index);
                  }
                }}
                error={errors.answers[index] || undefined}
                data-testid="poll-answer-input"
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t('lobby.poll.removeAnswer', { number: index + 1 })}
                disabled={values.answers.length <= 1}
                onClick={() => removeRow(index)}
                data-testid="poll-answer-remove"
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => addRow()}
            disabled={values.answers.length >= maxAnswers}
            style={{ alignSelf: 'flex-start' }}
            data-testid="poll-answer-add"
          >
            {t('lobby.poll.addAnswer')}
          </Button>
        </Stack>
        <Checkbox
          label={t('lobby.poll.multiple')}
          checked={values.multiple}
          onChange={(e) => {
            const multiple = e.currentTarget.checked;
            setValues((v) => ({ ...v, multiple }));
          }}
        />
        <Checkbox
          label={t('lobby.poll.autoPublishResults')}
          checked={values.autoPublishResults}
          onChange={(e) => {
            const autoPublishResults = e.currentTarget.checked;
            setValues((v) => ({ ...v, autoPublishResults }));
          }}
          data-testid="poll-auto-results"
        />
        {unpublished && (
          <Radio.Group label={t('lobby.poll.when')} value={when} onChange={(v) => setWhen(v as When)}>
            <Stack gap="xs" mt="xs">
              <Radio value="now" label={t('lobby.poll.whenNow')} data-testid="poll-when-now" />
              <Radio value="draft" label={t('lobby.poll.whenDraft')} data-testid="poll-when-draft" />
              <Radio value="schedule" label={t('lobby.poll.whenSchedule')} data-testid="poll-when-schedule" />
            </Stack>
          </Radio.Group>
        )}
        {unpublished && when === 'schedule' && (
          <TextInput
            type="datetime-local"
            label={t('lobby.announcement.postAt')}
            required
            value={postAt}
            onChange={(e) => setPostAt(e.currentTarget.value)}
            error={errors.postAt}
            data-testid="poll-post-at"
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('lobby.action.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending || act.isPending} data-testid="poll-form-submit">
            {poll
              ? t('lobby.action.save')
              : when === 'now'
                ? t('lobby.poll.publish')
                : t('lobby.poll.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
