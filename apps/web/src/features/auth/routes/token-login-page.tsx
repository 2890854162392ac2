import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { useTokenLogin } from '../api/token-login';

/**
 * /token-login?token=…&fb-token=… (A2.46, A2.47): used by the native shell, which reads the plain
 * result text. No guard: the result must show whatever the session was before.
 */
export function TokenLoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const fbToken = params.get('fb-token') ?? undefined;
  const login = useTokenLogin(token ? { token, ...(fbToken ? { 'fb-token': fbToken } : {}) } : null);
  const done = !token || login.isSuccess;
  const loggedIn = token !== '' && login.data === true;

  return (
    <Center component="main" mih="100vh" p="lg">
      <Stack align="center" gap="md">
        <Title order={1} size="h3">
          {t('tokenLogin.title')}
        </Title>
        {done ? (
          <Text data-testid="token-login-result">{`Logged in: ${loggedIn}`}</Text>
        ) : (
          <Loader aria-label={t('common.loading')} />
        )}
      </Stack>
    </Center>
  );
}
