import { ATTENDEE_VIEW_BANNER, type EventDetails, type EventType } from '@foyer/contract';
import { Badge, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { formatDateTime } from '../../../lib/format-date';
import { useSession } from '../../../lib/session-store';
import type { EventTheme } from '../event-theme';
import { EventCountdown } from './event-countdown';
import classes from './event-header.module.css';

/** A9.10 (E9.19): the attendee view shows the banner at most 720 wide, in 720:96. */
const attendeeBannerStyle = {
  maxWidth: ATTENDEE_VIEW_BANNER.width,
  aspectRatio: `${ATTENDEE_VIEW_BANNER.width} / ${ATTENDEE_VIEW_BANNER.height}`,
} as const;

const TYPE_COLOR: Record<EventType, string> = { normal: 'teal.9', online: 'foyer.7', hybrid: 'grape.9' };

/**
 * The event's banner band: logo, name, dates in the user's zone, type (A1.11 colours). On a phone a
 * tab's page gets the slim band only (issue 15: the full header took ~315 of 812 px on every tab);
 * the landing keeps the banner.
 */
export function EventHeader({ event, theme }: { event: EventDetails; theme: EventTheme | null }) {
  const { t } = useTranslation();
  const onTab = useParams().page !== undefined;
  const zone = useSession((state) => state.user?.timezone ?? null);
  const from = formatDateTime(event.realSdt, zone);
  const to = formatDateTime(event.realEdt, zone);
  const band = theme?.band ?? { background: 'var(--mantine-color-foyer-7)', color: '#ffffff' };
  return (
    <header className={classes.header} data-tab={onTab || undefined} data-testid="event-header">
      {event.images.banner && (
        <Image
          src={event.images.banner}
          alt=""
          className={classes.banner}
          style={attendeeBannerStyle}
          data-testid="event-banner"
        />
      )}
      <div className={classes.band} style={{ background: band.background, color: band.color }}>
        <Group wrap="nowrap" gap="md" align="center">
          {event.images.logo && (
            <Image src={event.images.logo} alt="" radius="md" fit="contain" className={classes.logo} />
          )}
          <Stack gap={4} miw={0}>
            <Title order={1} size="h2" className={classes.title}>
              {event.name}
            </Title>
            <Group gap="xs">
              <Badge color={TYPE_COLOR[event.eventType]} variant="white" data-testid="event-type">
                {t(`events.type.${event.eventType}`)}
              </Badge>
              <Text size="sm" c="inherit" className={classes.dates}>
                {to && to !== from ? `${from} – ${to}` : from}
              </Text>
            </Group>
            {!onTab && <EventCountdown startsAt={event.realSdt} />}
          </Stack>
        </Group>
      </div>
    </header>
  );
}
