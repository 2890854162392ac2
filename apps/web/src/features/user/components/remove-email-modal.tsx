import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useRemoveEmail } from '../api/emails';
import '../../../i18n/account';

/** A2.96 remove e-mail confirmation; A8.36 success toast, A8.18 the returned message on failure. */
export function RemoveEmailModal({ email, onClose }: { email: string | null; onClose(): void }) {
  const { t } = useTranslation();
  const remove = useRemoveEmail();
  const { reset } = remove;
  useEffect(() => {
    if (email) reset();
  }, [email, reset]);

  const confirm = () => {
    if (!email) return;
    remove.mutate(email, {
      onSuccess() {
        toast('success', t('account.emails.removeSuccess', { email }));
        onClose();
      },
    });
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={email !== null}
      onClose={onClose}
      title={t('account.emails.removeTitle')}
      centered
    >
      <Stack gap="md">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('account.emails.removeText', { email: email ?? '' })}
        </Text>
        {remove.error && (
          <Alert color="red" role="alert" data-testid="email-remove-error">
            {remove.error.message || t('common.unknownError')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('account.emails.cancel')}
          </Button>
          <Button
            color="red.9"
            onClick={confirm}
            loading={remove.isPending}
            data-testid="email-remove-confirm"
          >
            {t('account.emails.removeConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
