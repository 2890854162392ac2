import { COPYRIGHT_YEAR, PRODUCT_VERSION } from '@foyer/contract';
import { Anchor, Box, Button, Container, Group, Image, Loader, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { useSession } from '../../lib/session-store';

/** The logged-in frame: header with the user and sign out, the page, the version footer (A2.86–A2.88). */
export function AppLayout() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const { logout, isPending } = useLogout();

  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        px="md"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/event/list" underline="never">
            <Group gap="xs" wrap="nowrap">
              <Image src="/favicon.svg" alt="" w={32} h={32} />
              <Text fw={700} size="lg" c="dark">
                {t('app.name')}
              </Text>
            </Group>
          </Anchor>
          <Group gap="sm" wrap="nowrap">
            {user && (
              <Text size="sm" fw={500} truncate="end" maw={{ base: 120, sm: 320 }} data-testid="user-name">
                {`${user.name} ${user.surname}`.trim()}
              </Text>
            )}
            <Button
              variant="default"
              size="xs"
              leftSection={<IconLogout size={16} aria-hidden />}
              onClick={logout}
              loading={isPending}
              data-testid="sign-out"
            >
              {t('nav.signOut')}
            </Button>
          </Group>
        </Group>
      </Box>
      <Box component="main" flex={1} py="lg">
        <Container size="lg">
          <Suspense fallback={<Loader aria-label={t('common.loading')} />}>
            <Outlet />
          </Suspense>
        </Container>
      </Box>
      <Box component="footer" px="md" py="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Group justify="center" gap="md">
          <Text size="sm" c="gray.7">
            {t('footer.version', {
              version: PRODUCT_VERSION,
              buildTime: __BUILD_TIME__.slice(0, 16).replace('T', ' '),
            })}
          </Text>
          <Anchor component={Link} to="/privacy-notice" size="sm">
            {t('footer.privacy')}
          </Anchor>
          <Anchor component={Link} to="/terms" size="sm">
            {t('footer.terms')}
          </Anchor>
          <Anchor component={Link} to="/cookies" size="sm">
            {t('footer.cookies')}
          </Anchor>
          <Text size="sm" c="gray.7">
            {t('footer.copyright', { year: COPYRIGHT_YEAR })}
          </Text>
        </Group>
      </Box>
    </Box>
  );
}
