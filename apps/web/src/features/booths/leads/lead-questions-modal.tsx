import {
  LEAD_OPTIONS_MAX,
  LEAD_QUESTIONS_MAX,
  type LeadQuestion,
  type LeadQuestionKind,
  saveLeadQuestionsRequest,
} from '@foyer/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { messageText } from '../../../i18n/keys';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useSaveLeadQuestions } from './api';
import './i18n';

interface Draft {
  key: number;
  id?: number;
  label: string;
  kind: LeadQuestionKind;
  options: string[];
}

let nextKey = 0;
const draftOf = (q: LeadQuestion): Draft => ({
  key: ++nextKey,
  id: q.id,
  label: q.label,
  kind: q.kind,
  options: q.options,
});

/** The booth's qualification questions (owner and admins): short text or one choice among options. */
export function LeadQuestionsModal({
  opened,
  onClose,
  eventId,
  questions,
}: {
  opened: boolean;
  onClose(): void;
  eventId: number;
  questions: LeadQuestion[];
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 767px)');
  const save = useSaveLeadQuestions(eventId);
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { reset } = save;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fresh drafts each time it opens
  useEffect(() => {
    if (opened) {
      setDrafts(questions.map(draftOf));
      setErrors({});
      reset();
    }
  }, [opened]);

  const change = (key: number, patch: Partial<Draft>) =>
    setDrafts((list) => list.map((d) => (d.key === key ? { ...d, ...patch } : d)));

  const submit = () => {
    const body = drafts.map((d) => ({
      ...(d.id ? { id: d.id } : {}),
      label: d.label,
      kind: d.kind,
      options: d.kind === 'choice' ? d.options : [],
    }));
    const parsed = saveLeadQuestionsRequest.safeParse({ eventId, questions: body });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [issue.path.slice(1, 3).join('.'), issue.message]),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(body, {
      onSuccess: () => {
        toast('success', t('contacts.leads.questionsSaved'));
        onClose();
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('contacts.leads.questionsTitle')}
      size="lg"
      fullScreen={!!narrow}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm" data-testid="lead-questions">
        <Text size="sm" c="gray.7">
          {t('contacts.leads.questionsHint')}
        </Text>
        {drafts.length === 0 && (
          <Text size="sm" c="gray.7">
            {t('contacts.leads.questionsEmpty')}
          </Text>
        )}
        {drafts.map((d, i) => {
          const n = i + 1;
          const error = (field: string) => {
            const message = errors[`${i}.${field}`];
            return message
              ? messageText(t, message, { name: t('contacts.leads.questionLabel', { n }) })
              : undefined;
          };
          return (
            <Paper key={d.key} withBorder radius="md" p="sm" data-testid="lead-question">
              <Stack gap="xs">
                <Group align="flex-end" wrap="nowrap" gap="xs">
                  <TextInput
                    label={t('contacts.leads.questionLabel', { n })}
                    value={d.label}
                    onChange={(e) => change(d.key, { label: e.currentTarget.value })}
                    maxLength={200}
                    error={error('label')}
                    style={{ flex: 1 }}
                    data-testid="lead-question-label"
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('contacts.leads.questionRemove', { n })}
                    onClick={() => setDrafts((list) => list.filter((x) => x.key !== d.key))}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
                <Select
                  label={t('contacts.leads.questionKind')}
                  value={d.kind}
                  onChange={(value) => value && change(d.key, { kind: value as LeadQuestionKind })}
                  data={[
                    { value: 'text', label: t('contacts.leads.kindText') },
                    { value: 'choice', label: t('contacts.leads.kindChoice') },
                  ]}
                  allowDeselect={false}
                  data-testid="lead-question-kind"
                />
                {d.kind === 'choice' && (
                  <TagsInput
                    label={t('contacts.leads.questionOptions')}
                    description={t('contacts.form.listHint')}
                    value={d.options}
                    onChange={(options) => change(d.key, { options })}
                    maxTags={LEAD_OPTIONS_MAX}
                    splitChars={[',', ';']}
                    acceptValueOnBlur
                    error={error('options')}
                    data-testid="lead-question-options"
                  />
                )}
              </Stack>
            </Paper>
          );
        })}
        <Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={drafts.length >= LEAD_QUESTIONS_MAX}
            onClick={() =>
              setDrafts((list) => [...list, { key: ++nextKey, label: '', kind: 'text', options: [] }])
            }
            data-testid="lead-question-add"
          >
            {t('contacts.leads.questionAdd')}
          </Button>
        </Group>
        {save.error && (
          <Alert color="red" role="alert">
            {save.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('contacts.leads.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} data-testid="lead-questions-save">
            {t('contacts.leads.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
