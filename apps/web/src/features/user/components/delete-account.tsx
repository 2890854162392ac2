import { deleteAccountConfirmSchema } from '@foyer/contract';
import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Trans, useTranslation } from '../../../i18n/react';
import { clearCaches } from '../../../lib/clear-caches';
import { useDeleteAccount } from '../api/security';
import { DeleteAccountError } from './delete-account-error';
import '../../../i18n/account';

/**
 * A4.34, A5.32, A2.96: delete account in two steps: type the word 'delete' and the password, then confirm.
 * Afterwards the session ends like any sign-out and the user lands on /login.
 */
export function DeleteAccount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteAccount();
  const [opened, modal] = useDisclosure(false);
  const [step, setStep] = useState<1 | 2>(1);
  const [word, setWord] = useState('');
  const [wordError, setWordError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const close = () => {
    modal.close();
    setStep(1);
    setWord('');
    setWordError(null);
    setPassword('');
    setPasswordError(null);
    remove.reset();
  };

  const next = () => {
    const parsed = deleteAccountConfirmSchema.safeParse({ confirm: word, password });
    const failed = new Set(parsed.error?.issues.map((issue) => issue.path[0]));
    setWordError(failed.has('confirm') ? t('account.delete.wordError') : null);
    setPasswordError(failed.has('password') ? t('account.delete.passwordError') : null);
    if (parsed.success) setStep(2);
  };

  const confirm = () =>
    remove.mutate(
      { confirm: word.trim(), password },
      {
        onSuccess() {
          void clearCaches(queryClient); // A9.23
          navigate('/login', { replace: true });
        },
      },
    );

  return (
    <>
      <Button
        color="red.9"
        variant="outline"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={modal.open}
        data-testid="delete-open"
      >
        {t('account.delete.open')}
      </Button>
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={opened}
        onClose={close}
        title={t('account.delete.title')}
        centered
      >
        {step === 1 ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              next();
            }}
          >
            <Stack gap="md">
              <Text size="sm">{t('account.delete.warning')}</Text>
              <TextInput
                label={<Trans i18nKey="account.delete.wordLabel" components={{ word: <strong /> }} />}
                value={word}
                onChange={(event) => setWord(event.currentTarget.value)}
                error={wordError}
                required
                autoComplete="off"
                data-autofocus
                data-testid="delete-word"
              />
              <PasswordInput
                label={t('account.delete.password')}
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                error={passwordError}
                required
                autoComplete="current-password"
                data-testid="delete-password"
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  {t('account.delete.cancel')}
                </Button>
                <Button type="submit" color="red.9" data-testid="delete-next">
                  {t('account.delete.next')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Stack gap="md">
            <Text fw={600}>{t('account.delete.final')}</Text>
            {remove.error && <DeleteAccountError error={remove.error} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setStep(1)} disabled={remove.isPending}>
                {t('account.delete.back')}
              </Button>
              <Button
                color="red.9"
                onClick={confirm}
                loading={remove.isPending}
                data-autofocus
                data-testid="delete-confirm"
              >
                {t('account.delete.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
