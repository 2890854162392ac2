import { type RegistrationField, type RegistrationFieldType, registrationFieldTypes } from '@foyer/contract';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { type SectionProps, SettingsSection } from './settings-section';

interface Draft {
  key: number;
  fieldName: string;
  label: string;
  type: RegistrationFieldType;
  required: boolean;
  /** E5.02: the label says "(required)" or "(optional)". */
  requiredLabel: boolean;
  /** Options, one per line, for select and multiselect. */
  options: string;
}

let nextKey = 1;
const toDraft = (field: RegistrationField): Draft => ({
  key: nextKey++,
  fieldName: field.fieldName,
  label: field.label ?? '',
  type: field.type,
  required: field.required,
  requiredLabel: field.requiredLabel === true,
  options: (field.dataList ?? []).join('\n'),
});

const hasOptions = (type: RegistrationFieldType) => type === 'select' || type === 'multiselect';

/** A3.14: the registration form's own fields, in order (issue 12, registration form builder). */
export function FormBuilderSettings({ event }: SectionProps) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<Draft[]>(() => event.registrationForm.map(toDraft));
  const update = (key: number, change: Partial<Draft>) =>
    setFields((all) => all.map((f) => (f.key === key ? { ...f, ...change } : f)));
  const move = (index: number, by: -1 | 1) =>
    setFields((all) => {
      const next = [...all];
      const [item] = next.splice(index, 1);
      if (item) next.splice(index + by, 0, item);
      return next;
    });
  const add = () =>
    setFields((all) => [
      ...all,
      {
        key: nextKey++,
        fieldName: `field${all.length + 1}`,
        label: '',
        type: 'text',
        required: false,
        requiredLabel: false,
        options: '',
      },
    ]);

  return (
    <SettingsSection
      eventId={event.id}
      title={t('organizer.settings.form')}
      testId="settings-form"
      build={() => ({
        registrationForm: fields.map((f) => ({
          fieldName: f.fieldName.trim(),
          label: f.label.trim() || undefined,
          type: f.type,
          required: f.required,
          // Absent means false: a form without the labels is stored as it always was.
          ...(f.requiredLabel ? { requiredLabel: true } : {}),
          ...(hasOptions(f.type)
            ? {
                dataList: f.options
                  .split('\n')
                  .map((o) => o.trim())
                  .filter(Boolean),
              }
            : {}),
        })),
      })}
    >
      {(errors) => (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('organizer.settings.formHint')}
          </Text>
          {fields.length === 0 && <Text size="sm">{t('organizer.settings.formEmpty')}</Text>}
          {fields.map((field, index) => (
            <Paper key={field.key} withBorder p="sm" radius="sm" data-testid="form-field">
              <Stack gap="xs">
                <Group grow align="flex-start" wrap="wrap">
                  <TextInput
                    label={t('organizer.settings.fieldLabel')}
                    value={field.label}
                    onChange={(e) => update(field.key, { label: e.currentTarget.value })}
                    data-testid="form-field-label"
                  />
                  <TextInput
                    label={t('organizer.settings.fieldName')}
                    value={field.fieldName}
                    onChange={(e) => update(field.key, { fieldName: e.currentTarget.value })}
                  />
                  <Select
                    label={t('organizer.settings.fieldType')}
                    data={registrationFieldTypes.map((type) => ({
                      value: type,
                      label: t(`organizer.fieldType.${type}`),
                    }))}
                    value={field.type}
                    onChange={(value) => value && update(field.key, { type: value as RegistrationFieldType })}
                    allowDeselect={false}
                    data-testid="form-field-type"
                  />
                </Group>
                {hasOptions(field.type) && (
                  <Textarea
                    autosize
                    minRows={2}
                    label={t('organizer.settings.fieldOptions')}
                    description={t('organizer.settings.fieldOptionsHint')}
                    value={field.options}
                    onChange={(e) => update(field.key, { options: e.currentTarget.value })}
                    data-testid="form-field-options"
                  />
                )}
                <Group justify="space-between">
                  <Group gap="md">
                    <Checkbox
                      label={t('organizer.settings.fieldRequired')}
                      checked={field.required}
                      onChange={(e) => update(field.key, { required: e.currentTarget.checked })}
                      data-testid="form-field-required"
                    />
                    <Checkbox
                      label={t('organizer.settings.fieldRequiredLabel')}
                      checked={field.requiredLabel}
                      onChange={(e) => update(field.key, { requiredLabel: e.currentTarget.checked })}
                      data-testid="form-field-required-label"
                    />
                  </Group>
                  <Group gap={4}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('organizer.settings.moveUp')}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <IconArrowUp size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('organizer.settings.moveDown')}
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <IconArrowDown size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('organizer.settings.removeField')}
                      onClick={() => setFields((all) => all.filter((f) => f.key !== field.key))}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
              </Stack>
            </Paper>
          ))}
          {errors.registrationForm && (
            <Text c="red.8" size="sm" role="alert">
              {errors.registrationForm}
            </Text>
          )}
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={add}
              data-testid="form-add-field"
            >
              {t('organizer.settings.addField')}
            </Button>
          </Group>
        </Stack>
      )}
    </SettingsSection>
  );
}
