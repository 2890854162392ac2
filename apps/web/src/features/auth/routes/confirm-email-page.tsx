import { Alert, Anchor, Center, Loader, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, Navigate, type NavigateFunction, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import type { TFunction } from '../../../i18n/translator';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useConfirmEmail } from '../api/confirm-email';

/** A2.51: once the new address is confirmed, a success toast and on to the event list. */
export function afterEmailConfirm(confirmed: boolean, t: TFunction, navigate: NavigateFunction): void {
  if (!confirmed) return;
  toast('success', t('confirm.email.success'));
  navigate('/event/list', { replace: true });
}

/**
 * /confirmEmail?email=…&code=… (A2.48–A2.52). Behind the private guard: the address is confirmed
 * for the logged-in account, so an anonymous visitor logs in first and comes back.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const code = params.get('code')?.trim() || null;
  const confirm = useConfirmEmail(email, code);

  useEffect(() => afterEmailConfirm(confirm.isSuccess, t, navigate), [confirm.isSuccess, navigate, t]);

  if (!code) return <Navigate to="/event/list" replace />;
  return (
    <Center component="main" mih="100vh" p="lg">
      <Stack align="center" gap="md" maw={480}>
        <Title order={1} size="h3">
          {t('confirmEmail.title')}
        </Title>
        {confirm.isError ? (
          <>
            <Alert color="red" role="alert" data-testid="confirm-email-error">
              {confirm.error instanceof ApiError ? confirm.error.message : t('common.unknownError')}
            </Alert>
            <Anchor component={Link} to="/event/list">
              {t('notFound.back')}
            </Anchor>
          </>
        ) : (
          <Loader aria-label={t('common.loading')} data-testid="confirm-email-loader" />
        )}
      </Stack>
    </Center>
  );
}
