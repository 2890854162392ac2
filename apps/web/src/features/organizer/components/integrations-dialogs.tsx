import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';

/** Shows a new API key or webhook secret once, with a copy button and the warning that it will not come back. */
export function SecretModal({
  secret,
  title,
  warning,
  onClose,
}: {
  secret: string | null;
  title: string;
  warning: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={secret !== null}
      onClose={onClose}
      title={title}
      size="lg"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="integrations-secret"
    >
      <Stack gap="md">
        <Alert color="orange" role="alert">
          {warning}
        </Alert>
        <TextInput
          label={t('organizer.integrations.secret.label')}
          value={secret ?? ''}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          styles={{ input: { fontFamily: 'monospace' } }}
          data-testid="integrations-secret-value"
        />
        <Group justify="flex-end" wrap="wrap">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? t('organizer.integrations.secret.copied') : t('organizer.integrations.secret.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose} data-testid="integrations-secret-done">
            {t('organizer.integrations.secret.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A yes/no question before something that cannot be undone. */
export function ConfirmModal({
  opened,
  title,
  body,
  confirm,
  loading,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  body: string;
  confirm: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text>{body}</Text>
        <Group justify="flex-end" wrap="wrap">
          <Button variant="default" onClick={onClose}>
            {t('organizer.integrations.cancel')}
          </Button>
          <Button color="red" loading={loading} onClick={onConfirm} data-testid="integrations-confirm">
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
