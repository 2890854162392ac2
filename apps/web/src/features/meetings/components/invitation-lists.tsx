import { type Invitation, type InvitationSegment, PAST_EVENTS_STEP } from '@foyer/contract';
import { Badge, Button, EmptyState, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import '../i18n';
import type { InvitationList as Lists } from '@foyer/contract';
import { InvitationItem } from './invitation-item';

interface Props {
  lists: Lists;
  onOpen(invitation: Invitation): void;
  /** Heading level of the live/past sections under the page or drawer title. */
  headingOrder?: 2 | 3;
  defaultSegment?: InvitationSegment;
}

function Section(props: {
  title: string;
  items: Invitation[];
  empty: string;
  order: 2 | 3;
  testId: string;
  onOpen(i: Invitation): void;
  /** A9.49: shown in steps of this many (past invitations); all at once without it. */
  step?: number;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(props.step ?? Number.POSITIVE_INFINITY);
  const items = props.items.slice(0, shown);
  const left = props.items.length - items.length;
  return (
    <Stack gap={6} data-testid={props.testId}>
      <Title order={props.order} size="sm" c="dimmed" tt="uppercase" mt="sm">
        {props.title}
      </Title>
      {props.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {props.empty}
        </Text>
      ) : (
        items.map((i) => <InvitationItem key={i.id} invitation={i} onOpen={props.onOpen} />)
      )}
      {left > 0 && props.step && (
        <Button
          variant="default"
          onClick={() => setShown(shown + (props.step ?? 0))}
          style={{ alignSelf: 'center' }}
          data-testid={`${props.testId}-more`}
        >
          {t('meetings.list.loadMore', { count: left })}
        </Button>
      )}
    </Stack>
  );
}

/**
 * E2.33, E2.34, A2.76: received and sent (and company when the booth has any), each with its live
 * and past sections.
 */
export function InvitationLists({ lists, onOpen, headingOrder = 3, defaultSegment = 'received' }: Props) {
  const { t } = useTranslation();
  const hasCompany = lists.company.live.length + lists.company.past.length > 0;
  const segments: InvitationSegment[] = hasCompany ? ['received', 'sent', 'company'] : ['received', 'sent'];
  return (
    <Tabs defaultValue={defaultSegment} keepMounted={false}>
      <Tabs.List grow>
        {segments.map((segment) => (
          <Tabs.Tab
            key={segment}
            value={segment}
            data-testid={`invitations-tab-${segment}`}
            rightSection={
              lists[segment].live.length > 0 ? (
                <Badge size="xs" circle variant="filled" color="red.8">
                  {lists[segment].live.length}
                </Badge>
              ) : null
            }
          >
            {t(`meetings.segment.${segment}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {segments.map((segment) => {
        const part = lists[segment];
        return (
          <Tabs.Panel key={segment} value={segment} data-testid={`invitations-panel-${segment}`}>
            {part.live.length + part.past.length === 0 ? (
              <EmptyState
                py="xl"
                icon={<IconMailOff size={32} aria-hidden />}
                title={t('meetings.list.empty.title')}
                description={t('meetings.list.empty.text')}
              />
            ) : (
              <Stack gap="xs" pt="xs">
                <Section
                  title={t('meetings.list.live')}
                  items={part.live}
                  empty={t('meetings.list.noLive')}
                  order={headingOrder}
                  testId="invitations-live"
                  onOpen={onOpen}
                />
                {part.past.length > 0 && (
                  <Section
                    title={t('meetings.list.past')}
                    items={part.past}
                    empty=""
                    order={headingOrder}
                    testId="invitations-past"
                    onOpen={onOpen}
                    step={PAST_EVENTS_STEP}
                  />
                )}
              </Stack>
            )}
          </Tabs.Panel>
        );
      })}
    </Tabs>
  );
}
