import type { EventDetails, Recommendation } from '@foyer/contract';
import { Button, Group, List, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useDeferredAnswer } from '../../../lib/use-deferred-answer';
import { useRecommendations } from '../api/recommendations';
import { reasonText } from '../lib/reasons';
import { ParticipantCard, ParticipantGrid, ParticipantGridItem } from './participant-card';
import '../i18n';

/** A row of suggestions first; the rest on request, so the directory stays in sight. */
const FIRST_SHOWN = 3;
/** About a suggestion card's height, so the directory below does not jump when they arrive. */
const CARD_HEIGHT = 280;
const PLACEHOLDERS = Array.from({ length: FIRST_SHOWN }, (_, i) => `placeholder-${i}`);

function Heading({ id }: { id?: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <Title order={2} size="h3" id={id}>
        {t('attendees.recommend.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('attendees.recommend.text')}
      </Text>
    </div>
  );
}

/** "People to meet": recommended people with the reason on each card. Hidden when there are none. */
export function PeopleToMeet({ event, meId }: { event: EventDetails; meId: number | null }) {
  const { t } = useTranslation();
  const query = useRecommendations(event.id);
  const [all, setAll] = useState(false);
  // As the directory's cards: rendered in an interruptible pass, the placeholders staying meanwhile.
  const { data, rendering } = useDeferredAnswer(query.data, { deferMount: true });
  const list = data ?? [];
  const loading = (query.isPending && query.fetchStatus !== 'idle') || rendering;
  if (!loading && list.length === 0) return null;
  const shown = all ? list : list.slice(0, FIRST_SHOWN);
  // One section element whether loading or not: the heading (often the page's largest text) is
  // painted once, with the placeholders, and stays as the suggestions replace them.
  return (
    <Stack
      component="section"
      gap="sm"
      aria-labelledby={loading ? undefined : 'people-to-meet'}
      aria-busy={loading || undefined}
      data-testid={loading ? 'people-to-meet-loading' : 'people-to-meet'}
    >
      <Heading id={loading ? undefined : 'people-to-meet'} />
      {loading ? (
        <>
          <ParticipantGrid label={t('common.loading')}>
            {PLACEHOLDERS.map((key) => (
              <ParticipantGridItem key={key}>
                <Skeleton h={CARD_HEIGHT} radius="md" />
              </ParticipantGridItem>
            ))}
          </ParticipantGrid>
          <Skeleton h={36} w={180} mx="auto" radius="sm" />
        </>
      ) : (
        <Suggestions event={event} meId={meId} shown={shown} />
      )}
      {!loading && list.length > FIRST_SHOWN && (
        <Group justify="center">
          <Button
            variant="subtle"
            onClick={() => setAll(!all)}
            aria-expanded={all}
            data-testid="people-to-meet-more"
          >
            {all ? t('attendees.recommend.less') : t('attendees.recommend.more', { count: list.length })}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The suggested people's cards, each with the reasons it is suggested. */
function Suggestions({
  event,
  meId,
  shown,
}: {
  event: EventDetails;
  meId: number | null;
  shown: Recommendation[];
}) {
  const { t, i18n } = useTranslation();
  return (
    <ParticipantGrid label={t('attendees.recommend.title')}>
      {shown.map((r) => (
        <ParticipantGridItem key={r.participant.id}>
          <ParticipantCard
            eventId={event.id}
            card={r.participant}
            hybrid={event.eventType === 'hybrid'}
            isMe={r.participant.id === meId}
            testId="recommended-card"
          >
            <List
              size="sm"
              spacing={6}
              lh={1.4}
              icon={
                <ThemeIcon size={18} radius="xl" variant="light" color="grape">
                  <IconSparkles size={12} aria-hidden />
                </ThemeIcon>
              }
              data-testid="recommend-reasons"
            >
              {(r.details ?? []).map((reason) => (
                <List.Item key={reasonText(t, reason, i18n.language)}>
                  {reasonText(t, reason, i18n.language)}
                </List.Item>
              ))}
            </List>
          </ParticipantCard>
        </ParticipantGridItem>
      ))}
    </ParticipantGrid>
  );
}
