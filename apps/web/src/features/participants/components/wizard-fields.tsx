import type { CategoryQuestion, ParticipantTypeOption, WizardStep } from '@foyer/contract';
import { MultiSelect, Radio, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useParticipantTypeText } from '../../../components/participant-type';
import { useTranslation } from '../../../i18n/react';
import { maxOptions, type StepError, showsMax, type WizardForm } from '../lib/wizard';
import '../i18n';

interface Props {
  step: WizardStep;
  form: WizardForm;
  onChange(patch: Partial<WizardForm>): void;
  types: ParticipantTypeOption[];
  /** The type the user had when the wizard opened: may it be changed (E6.36)? */
  typeLocked: boolean;
  /** Organizers may give themselves any type. */
  organizer: boolean;
  questions: CategoryQuestion[];
  errors: StepError[];
}

/** The fields of one wizard step (E2.74). */
export function WizardFields({
  step,
  form,
  onChange,
  types,
  typeLocked,
  organizer,
  questions,
  errors,
}: Props) {
  const { t } = useTranslation();
  const typeText = useParticipantTypeText();
  const message = (e: StepError | undefined) => (e ? t(e.key, e.values) : undefined);

  if (step === 'company') {
    return (
      <Stack gap="sm">
        <TextInput
          label={t('attendees.field.company')}
          value={form.company}
          onChange={(e) => onChange({ company: e.currentTarget.value })}
          maxLength={200}
          data-testid="wizard-company"
        />
        <TextInput
          label={t('attendees.field.jobTitle')}
          value={form.jobTitle}
          onChange={(e) => onChange({ jobTitle: e.currentTarget.value })}
          maxLength={200}
          data-testid="wizard-job-title"
        />
        <TextInput
          label={t('attendees.field.website')}
          value={form.website}
          onChange={(e) => onChange({ website: e.currentTarget.value })}
          maxLength={300}
          inputMode="url"
          placeholder="example.com"
          error={message(errors.find((e) => e.field === 'website'))}
          data-testid="wizard-website"
        />
        <TextInput
          label={t('attendees.field.city')}
          value={form.city}
          onChange={(e) => onChange({ city: e.currentTarget.value })}
          maxLength={200}
          data-testid="wizard-city"
        />
        <TextInput
          label={t('attendees.field.linkedin')}
          value={form.linkedin}
          onChange={(e) => onChange({ linkedin: e.currentTarget.value })}
          maxLength={300}
          inputMode="url"
          data-testid="wizard-linkedin"
        />
        <Textarea
          label={t('attendees.field.biography')}
          value={form.biography}
          onChange={(e) => onChange({ biography: e.currentTarget.value })}
          maxLength={5000}
          autosize
          minRows={3}
          maxRows={8}
          data-testid="wizard-biography"
        />
        <Switch
          label={t('attendees.field.visible')}
          description={t('attendees.field.visibleHint')}
          checked={form.visible}
          onChange={(e) => onChange({ visible: e.currentTarget.checked })}
          data-testid="wizard-visible"
        />
      </Stack>
    );
  }
  if (step === 'offerSeek') {
    return (
      <Stack gap="sm">
        <Textarea
          label={t('attendees.field.offer')}
          description={t('attendees.field.offerHint')}
          value={form.offer}
          onChange={(e) => onChange({ offer: e.currentTarget.value })}
          maxLength={2000}
          autosize
          minRows={2}
          maxRows={6}
          data-testid="wizard-offer"
        />
        <Textarea
          label={t('attendees.field.seek')}
          description={t('attendees.field.seekHint')}
          value={form.seek}
          onChange={(e) => onChange({ seek: e.currentTarget.value })}
          maxLength={2000}
          autosize
          minRows={2}
          maxRows={6}
          data-testid="wizard-seek"
        />
      </Stack>
    );
  }
  if (step === 'participantType') {
    // Self-service types are those offered at registration, plus the one the user already has.
    const offered = types.filter(
      (type) => organizer || type.participantTypeAtRegistration || type.id === form.typeId,
    );
    return (
      <Radio.Group
        label={t('attendees.field.participantType')}
        description={typeLocked ? t('attendees.wizard.typeLocked') : undefined}
        value={form.typeId === null ? null : String(form.typeId)}
        onChange={(value) => onChange({ typeId: Number(value) })}
        error={message(errors[0])}
        data-testid="wizard-type"
      >
        <Stack gap="xs" mt="xs">
          {offered.map((type) => (
            <Radio
              key={type.id}
              value={String(type.id)}
              label={typeText(type.name).text}
              disabled={typeLocked}
            />
          ))}
        </Stack>
      </Radio.Group>
    );
  }
  return (
    <Stack gap="md">
      {questions.map((q) => {
        const error = message(errors.find((e) => e.categoryId === q.categoryId));
        const max = maxOptions(q);
        const label = showsMax(q) ? t('attendees.wizard.questionMax', { name: q.name, max }) : q.name;
        const data = q.subCategories.map((o) => ({ value: String(o.categoryId), label: o.name }));
        const testId = `wizard-category-${q.categoryId}`;
        if (q.type === 'text') {
          return (
            <TextInput
              key={q.categoryId}
              label={label}
              required={q.required}
              value={form.texts[q.categoryId] ?? ''}
              onChange={(e) => onChange({ texts: { ...form.texts, [q.categoryId]: e.currentTarget.value } })}
              maxLength={500}
              error={error}
              data-testid={testId}
            />
          );
        }
        const chosen = (form.selected[q.categoryId] ?? []).map(String);
        const select = (ids: string[]) =>
          onChange({ selected: { ...form.selected, [q.categoryId]: ids.map(Number) } });
        return q.isMulti ? (
          <MultiSelect
            key={q.categoryId}
            label={label}
            required={q.required}
            data={data}
            value={chosen}
            onChange={select}
            error={error}
            clearable
            searchable
            data-testid={testId}
          />
        ) : (
          <Select
            key={q.categoryId}
            label={label}
            required={q.required}
            data={data}
            value={chosen[0] ?? null}
            onChange={(value) => select(value ? [value] : [])}
            error={error}
            clearable
            data-testid={testId}
          />
        );
      })}
      {questions.length === 0 && <Text c="dimmed">{t('attendees.profile.noInfo')}</Text>}
    </Stack>
  );
}
