import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { type FieldErrors, type FormIssue, issueErrors, showFieldErrors } from '../lib/form-errors';
import { SecretModal } from './integrations-dialogs';

/**
 * An integrations section whose create form answers with a secret shown once (API keys, webhooks):
 * title and intro, a text field and a set of checkboxes, the create button, then the list and its
 * dialogs. Field errors of the form (its own check, then the server's) are kept here.
 */
export function SecretIssuingSection<Body>({
  id,
  title,
  intro,
  formTestId,
  field,
  choices,
  parse,
  create,
  createLabel,
  createTestId,
  onCreated,
  loadFailed,
  emptyText,
  secret,
  secretTitle,
  secretWarning,
  onSecret,
  dialogs,
  children,
}: {
  /** The title's id, which labels the section. */
  id: string;
  title: string;
  intro: string;
  formTestId: string;
  /** The text field: its name (the error's key and the messages' {{name}}) and the input, given its error. */
  field: { key: string; label: string; render(error: string | undefined): ReactNode };
  choices: {
    key: string;
    label: string;
    value: string[];
    onChange(value: string[]): void;
    options: { value: string; label: string }[];
  };
  /** The form's values as the request, or the issues that stop it. */
  parse(): { success: true; data: Body } | { success: false; error: { issues: FormIssue[] } };
  create: {
    mutate(
      body: Body,
      handlers: { onSuccess(created: { secret: string | null }): void; onError(error: Error): void },
    ): void;
    isPending: boolean;
  };
  createLabel: string;
  createTestId: string;
  /** After a create: clear the form. */
  onCreated(): void;
  loadFailed: boolean;
  /** The line shown instead of the list when it is empty; null while it is not known or not empty. */
  emptyText: string | null;
  secret: string | null;
  secretTitle: string;
  secretWarning: string;
  onSecret(secret: string | null): void;
  dialogs?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = parse();
    const label = () => field.label;
    setErrors(parsed.success ? {} : issueErrors(t, parsed.error.issues, label));
    if (!parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        onSecret(created.secret);
        onCreated();
      },
      onError: showFieldErrors(t, setErrors, { label, topLevel: true }),
    });
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
        <form noValidate onSubmit={submit} data-testid={formTestId}>
          <Stack gap="sm">
            {field.render(errors[field.key])}
            <Checkbox.Group
              label={choices.label}
              value={choices.value}
              onChange={choices.onChange}
              error={errors[choices.key]}
            >
              <Group gap="md" mt={4} wrap="wrap">
                {choices.options.map((option) => (
                  <Checkbox key={option.value} value={option.value} label={option.label} />
                ))}
              </Group>
            </Checkbox.Group>
            <Group>
              <Button type="submit" loading={create.isPending} data-testid={createTestId}>
                {createLabel}
              </Button>
            </Group>
          </Stack>
        </form>

        {loadFailed && <Alert color="red">{t('organizer.integrations.loadFailed')}</Alert>}
        {emptyText !== null && <Text c="dimmed">{emptyText}</Text>}
        {children}
      </Stack>

      <SecretModal
        secret={secret}
        title={secretTitle}
        warning={secretWarning}
        onClose={() => onSecret(null)}
      />
      {dialogs}
    </Paper>
  );
}
