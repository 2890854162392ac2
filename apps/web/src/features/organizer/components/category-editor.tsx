import { type ConsoleCategory, categoryGroupInput } from '@foyer/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useSaveCategory } from '../api/types';
import { hasFieldErrors, issueErrors, showFieldErrors } from '../lib/form-errors';

let nextKey = 1;

/** A category group and its options, saved as a whole (options keep their ids when renamed). */
export function CategoryEditor({
  eventId,
  group,
  onClose,
}: {
  eventId: number;
  group: ConsoleCategory | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const save = useSaveCategory(eventId);
  const [name, setName] = useState(group?.name ?? '');
  const [isMulti, setMulti] = useState(group?.isMulti ?? false);
  const [maxSelectable, setMax] = useState<number | null>(group?.maxSelectable ?? null);
  const [required, setRequired] = useState(group?.required ?? false);
  const [isPrivate, setPrivate] = useState(group?.isPrivate ?? false);
  const [options, setOptions] = useState(() =>
    (group?.options ?? []).map((o) => ({ key: nextKey++, id: o.id as number | undefined, name: o.name })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = categoryGroupInput.safeParse({
      name,
      isMulti,
      maxSelectable: isMulti ? maxSelectable : null,
      required,
      isPrivate,
      options: options.map((o) => ({ ...(o.id ? { id: o.id } : {}), name: o.name })),
    });
    if (!parsed.success) {
      setErrors(issueErrors(t, parsed.error.issues));
      return;
    }
    save.mutate(
      { ...parsed.data, ...(group ? { id: group.id } : {}) },
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
      title={group ? t('organizer.categories.edit') : t('organizer.categories.add')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form noValidate onSubmit={submit} data-testid="category-form">
        <Stack gap="sm">
          <TextInput
            label={t('organizer.categories.name')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            data-testid="category-name"
          />
          <Text size="sm" fw={500}>
            {t('organizer.categories.options')}
          </Text>
          {options.map((option, index) => (
            <Group key={option.key} gap="xs" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                aria-label={t('organizer.categories.option', { n: index + 1 })}
                value={option.name}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setOptions((all) => all.map((o) => (o.key === option.key ? { ...o, name: value } : o)));
                }}
                data-testid="category-option"
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('organizer.categories.removeOption', { name: option.name })}
                onClick={() => setOptions((all) => all.filter((o) => o.key !== option.key))}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          {errors.options && (
            <Text c="red.8" size="sm" role="alert">
              {errors.options}
            </Text>
          )}
          <Group>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => setOptions((all) => [...all, { key: nextKey++, id: undefined, name: '' }])}
              data-testid="category-add-option"
            >
              {t('organizer.categories.addOption')}
            </Button>
          </Group>
          <Checkbox
            label={t('organizer.categories.multi')}
            checked={isMulti}
            onChange={(e) => setMulti(e.currentTarget.checked)}
          />
          {isMulti && (
            <NumberInput
              label={t('organizer.categories.maxSelectable')}
              min={1}
              max={100}
              value={maxSelectable ?? ''}
              onChange={(value) => setMax(typeof value === 'number' ? value : null)}
            />
          )}
          <Checkbox
            label={t('organizer.categories.required')}
            checked={required}
            onChange={(e) => setRequired(e.currentTarget.checked)}
          />
          <Checkbox
            label={t('organizer.categories.private')}
            checked={isPrivate}
            onChange={(e) => setPrivate(e.currentTarget.checked)}
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
            <Button type="submit" loading={save.isPending} data-testid="category-save">
              {t('organizer.settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
