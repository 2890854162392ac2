import { Tabs } from '@mantine/core';
import { SideDrawer } from '../../../components/side-drawer';
import { useTranslation } from '../../../i18n/react';
import { PROFILE_TABS, type ProfileTab, useShell } from '../shell-store';
import { AccountTab, DevicesTab, ProfileTabPanel, SettingsTab } from './profile-tabs';

interface Props {
  opened: boolean;
  onClose(): void;
}

/** A2.75: the profile drawer's four tabs; the open tab is kept in the shell state (A4.48). */
export function ProfileDrawer({ opened, onClose }: Props) {
  const { t } = useTranslation();
  const tab = useShell((state) => state.profileTab);
  const setTab = useShell((state) => state.setProfileTab);
  return (
    <SideDrawer opened={opened} onClose={onClose} title={t('shell.profile.title')} testId="profile-drawer">
      <Tabs value={tab} onChange={(value) => value && setTab(value as ProfileTab)}>
        <Tabs.List grow mb="md">
          {PROFILE_TABS.map((name) => (
            <Tabs.Tab key={name} value={name} data-testid={`profile-tab-${name}`}>
              {t(`shell.profile.tab.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ProfileTabPanel onNavigate={onClose} />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <SettingsTab />
        </Tabs.Panel>
        <Tabs.Panel value="account">
          <AccountTab onNavigate={onClose} />
        </Tabs.Panel>
        <Tabs.Panel value="devices">
          <DevicesTab onNavigate={onClose} />
        </Tabs.Panel>
      </Tabs>
    </SideDrawer>
  );
}
