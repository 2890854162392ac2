import { Loader, Stack, Tabs, Title } from '@mantine/core';
import { IconBell, IconLock, IconMail, IconUser } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { useProfile } from '../../../lib/profile';
import { ConnectedEmails } from '../components/connected-emails';
import { LoadError } from '../components/load-error';
import { NotificationPreferences } from '../components/notification-preferences';
import { ProfileTab } from '../components/profile-tab';
import { SecurityTab } from '../components/security-tab';
import classes from './user-page.module.css';
import '../../../i18n/account';

/** A2.97: the four account tabs, each its own URL (/account/{type}, A2.10). */
export const ACCOUNT_TABS = ['profile', 'notifications', 'security', 'connected-emails'] as const;
type AccountTab = (typeof ACCOUNT_TABS)[number];

const ICONS = {
  profile: IconUser,
  notifications: IconBell,
  security: IconLock,
  'connected-emails': IconMail,
};

function isAccountTab(value: string | undefined): value is AccountTab {
  return (ACCOUNT_TABS as readonly string[]).includes(value ?? '');
}

export function UserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { type } = useParams();
  const profile = useProfile();
  const tabList = useRef<HTMLDivElement>(null);

  // On a phone the tab row scrolls: keep the current tab in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the tab changes
  useEffect(() => {
    tabList.current?.querySelector('[data-active]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [type]);

  useEffect(() => {
    document.title = `${t('account.title')} · ${t('app.name')}`;
  }, [t]);

  if (!isAccountTab(type)) return <Navigate to="/account/profile" replace />;

  return (
    <Stack gap="lg" maw={880} mx="auto" data-testid="account-page">
      <Title order={1} size="h2">
        {t('account.title')}
      </Title>
      <Tabs value={type} onChange={(value) => value && navigate(`/account/${value}`)} keepMounted={false}>
        <Tabs.List mb="lg" className={classes.tabs} ref={tabList}>
          {ACCOUNT_TABS.map((tab) => {
            const Icon = ICONS[tab];
            return (
              <Tabs.Tab
                key={tab}
                value={tab}
                leftSection={<Icon size={16} aria-hidden />}
                data-testid={`account-tab-${tab}`}
              >
                {t(`account.tabs.${tab}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {profile.isPending ? (
          <Loader aria-label={t('common.loading')} />
        ) : profile.isError ? (
          <LoadError error={profile.error} onRetry={() => profile.refetch()} />
        ) : (
          <>
            <Tabs.Panel value="profile">
              <ProfileTab profile={profile.data} />
            </Tabs.Panel>
            <Tabs.Panel value="notifications">
              <NotificationPreferences profile={profile.data} />
            </Tabs.Panel>
            <Tabs.Panel value="security">
              <SecurityTab />
            </Tabs.Panel>
            <Tabs.Panel value="connected-emails">
              <ConnectedEmails />
            </Tabs.Panel>
          </>
        )}
      </Tabs>
    </Stack>
  );
}
