import type { Invitation } from '@foyer/contract';
import { Alert, Anchor, EmptyState, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SideDrawer } from '../../../components/side-drawer';
import { useCurrentEvent } from '../use-current-event';
import { InvitationRow } from './invitation-row';
import { useEventInvitations } from './use-invitations';

interface Props {
  opened: boolean;
  onClose(): void;
}

type Segment = 'received' | 'sent' | 'company';

function InvitationList({ live, past, onOpen }: { live: Invitation[]; past: Invitation[]; onOpen(): void }) {
  const { t } = useTranslation();
  if (live.length === 0 && past.length === 0) {
    return (
      <EmptyState
        py="xl"
        icon={<IconMailOff size={32} aria-hidden />}
        title={t('shell.invitations.empty.title')}
        description={t('shell.invitations.empty.text')}
      />
    );
  }
  return (
    <Stack gap={4} pt="sm">
      {live.map((i) => (
        <InvitationRow key={i.id} invitation={i} onOpen={onOpen} />
      ))}
      {past.length > 0 && (
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="md">
          {t('shell.invitations.past')}
        </Text>
      )}
      {past.map((i) => (
        <InvitationRow key={i.id} invitation={i} onOpen={onOpen} />
      ))}
    </Stack>
  );
}

/** A2.76: received and sent, plus company when the booth has company invitations. */
export function InvitationsDrawer({ opened, onClose }: Props) {
  const { t } = useTranslation();
  const event = useCurrentEvent();
  const query = useEventInvitations(event);
  const lists = query.data;
  const hasCompany = !!lists && lists.company.live.length + lists.company.past.length > 0;
  const segments: Segment[] = hasCompany ? ['received', 'sent', 'company'] : ['received', 'sent'];

  let body: ReactNode;
  if (!event) {
    body = (
      <EmptyState
        py="xl"
        icon={<IconMailOff size={32} aria-hidden />}
        title={t('shell.invitations.noEvent.title')}
        description={t('shell.invitations.noEvent.text')}
      >
        <EmptyState.Actions>
          <Anchor component={Link} to="/event/list" onClick={onClose}>
            {t('nav.events')}
          </Anchor>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else if (query.isPending) {
    body = <Skeleton h={120} radius="md" />;
  } else if (query.isError) {
    body = (
      <Alert color="red" role="alert">
        {query.error.message}
      </Alert>
    );
  } else {
    body = (
      <Tabs defaultValue="received" keepMounted={false}>
        <Tabs.List grow>
          {segments.map((segment) => (
            <Tabs.Tab key={segment} value={segment} data-testid={`invitations-tab-${segment}`}>
              {t(`shell.invitations.${segment}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {segments.map((segment) => (
          <Tabs.Panel key={segment} value={segment}>
            <InvitationList
              live={lists?.[segment].live ?? []}
              past={lists?.[segment].past ?? []}
              onOpen={onClose}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    );
  }

  return (
    <SideDrawer opened={opened} onClose={onClose} title={t('nav.invitations')} testId="invitations-drawer">
      {body}
    </SideDrawer>
  );
}
