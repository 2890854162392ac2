import { type ConsoleParticipantType, LOCALES, type Locale, participantTypeInput } from '@foyer/contract';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { LANGUAGE_NAMES } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { useSaveType } from '../api/types';
import { hasFieldErrors, issueErrors, showFieldErrors } from '../lib/form-errors';

interface Props {
  eventId: number;
  /** The type to edit; null adds a new one. */
  type: ConsoleParticipantType | null;
  allTypes: ConsoleParticipantType[];
  onClose(): void;
}

/** E3.05 E6.15: a participant type's name, ticket type, limits and rights. */
export function TypeEditor({ eventId, type, allTypes, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveType(eventId);
  const [v, setV] = useState({
    name: type?.name ?? '',
    ticketType: type?.ticketType ?? '',
    priority: type?.priority ?? 1,
    maxMeetingCount: type?.maxMeetingCount ?? null,
    invitationRights: type?.invitationRights?.map(String) ?? [],
    limitInvitations: type?.invitationRights != null,
    disableGuest: type?.disableGuest ?? false,
    atRegistration: type?.atRegistration ?? false,
    allowedToModify: type?.allowedToModify ?? false,
    texts: { ...(type?.texts ?? {}) } as Partial<Record<Locale, string>>,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof v>(k: K, value: (typeof v)[K]) =>
    setV((old) => ({ ...old, [k]: value }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = participantTypeInput.safeParse({
      name: v.name,
      ticketType: v.ticketType.trim() || undefined,
      priority: v.priority,
      maxMeetingCount: v.maxMeetingCount,
      invitationRights: v.limitInvitations ? v.invitationRights.map(Number) : null,
      disableGuest: v.disableGuest,
      atRegistration: v.atRegistration,
      allowedToModify: v.allowedToModify,
      texts: v.texts,
    });
    if (!parsed.success) {
      setErrors(issueErrors(t, parsed.error.issues, () => t('organizer.types.name')));
      return;
    }
    setErrors({});
    save.mutate(
      { ...parsed.data, ...(type ? { id: type.id } : {}) },
      {
        onSuccess: onClose,
        onError: showFieldErrors(t, setErrors),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={type ? t('organizer.types.edit') : t('organizer.types.add')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form noValidate onSubmit={submit} data-testid="type-form">
        <Stack gap="sm">
          <TextInput
            label={t('organizer.types.name')}
            required
            value={v.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errors.name}
            data-testid="type-name"
          />
          {/* E3.05 texts per language */}
          <Fieldset legend={t('organizer.types.texts')} variant="unstyled" data-testid="type-texts">
            <Text size="xs" c="dimmed" mb={4}>
              {t('organizer.types.textsHint')}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              {LOCALES.map((lang) => (
                <TextInput
                  key={lang}
                  lang={lang}
                  label={t('organizer.types.textIn', { language: LANGUAGE_NAMES[lang] })}
                  value={v.texts[lang] ?? ''}
                  onChange={(e) => set('texts', { ...v.texts, [lang]: e.currentTarget.value })}
                  error={errors[`texts.${lang}`]}
                  maxLength={100}
                  data-testid={`type-text-${lang}`}
                />
              ))}
            </SimpleGrid>
          </Fieldset>
          <Group grow align="flex-start">
            <TextInput
              label={t('organizer.types.ticketType')}
              description={t('organizer.types.ticketTypeHint')}
              value={v.ticketType}
              onChange={(e) => set('ticketType', e.currentTarget.value)}
            />
            <NumberInput
              label={t('organizer.types.maxMeetings')}
              description={t('organizer.types.maxMeetingsHint')}
              min={0}
              max={10_000}
              value={v.maxMeetingCount ?? ''}
              onChange={(value) => set('maxMeetingCount', typeof value === 'number' ? value : null)}
              error={errors.maxMeetingCount}
            />
          </Group>
          <NumberInput
            label={t('organizer.types.priority')}
            description={t('organizer.types.priorityHint')}
            min={0}
            max={1000}
            value={v.priority}
            onChange={(value) => set('priority', typeof value === 'number' ? value : 1)}
          />
          <Checkbox
            label={t('organizer.types.limitInvitations')}
            checked={v.limitInvitations}
            onChange={(e) => set('limitInvitations', e.currentTarget.checked)}
          />
          {v.limitInvitations && (
            <MultiSelect
              label={t('organizer.types.invitationRights')}
              data={allTypes
                .filter((x) => x.id !== type?.id)
                .map((x) => ({ value: String(x.id), label: x.name }))}
              value={v.invitationRights}
              onChange={(value) => set('invitationRights', value)}
              error={errors.invitationRights}
            />
          )}
          <Checkbox
            label={t('organizer.types.atRegistration')}
            checked={v.atRegistration}
            onChange={(e) => set('atRegistration', e.currentTarget.checked)}
          />
          <Checkbox
            label={t('organizer.types.allowedToModify')}
            checked={v.allowedToModify}
            onChange={(e) => set('allowedToModify', e.currentTarget.checked)}
          />
          <Checkbox
            label={t('organizer.types.disableGuest')}
            checked={v.disableGuest}
            onChange={(e) => set('disableGuest', e.currentTarget.checked)}
          />
          {save.isError && !hasFieldErrors(save.error) && (
            <Alert color="red" role="alert">
              {save.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('organizer.types.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="type-save">
              {t('organizer.settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
