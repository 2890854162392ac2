import type { DiscoverEvent } from '@foyer/contract';
import { Avatar, Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import classes from './event-card.module.css';
import { formatEventRange } from './event-dates';
import { EventTypeBadge } from './event-type-badge';

/**
 * A public event in "Find an event": logo, name, dates in the event's own time zone. The whole card
 * follows its title link; `onOpen` joins the event first (the link works alone when scripts fail).
 */
export function DiscoverCard({ event, onOpen }: { event: DiscoverEvent; onOpen: (eventId: number) => void }) {
  const { t } = useTranslation();
  const running = Date.parse(event.realSdt) <= Date.now();
  return (
    <Card
      withBorder
      padding="md"
      className={classes.card}
      data-testid="discover-card"
      data-event-id={event.id}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {event.logo ? (
          <Image src={event.logo} alt="" w={48} h={48} fit="contain" radius="md" className={classes.logo} />
        ) : (
          <Avatar alt="" radius="md" size={48} color="foyer">
            {event.name.slice(0, 1).toUpperCase()}
          </Avatar>
        )}
        <Stack gap={6} miw={0} flex={1}>
          <Link
            to={`/event/${event.id}/?attendEvent=true`}
            className={classes.link}
            onClick={(e) => {
              e.preventDefault();
              onOpen(event.id);
            }}
            data-testid="discover-link"
          >
            {event.name}
          </Link>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconCalendar size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
            <Text size="sm" c="gray.7">
              {formatEventRange(event.realSdt, event.realEdt, event.timezone)}{' '}
              <Text span size="xs" c="gray.7">
                ({event.timezone})
              </Text>
            </Text>
          </Group>
          <Group gap="xs">
            <EventTypeBadge type={event.eventType} />
            {running && (
              <Badge color="green.9" variant="light">
                {t('events.discover.running')}
              </Badge>
            )}
            {event.joined ? (
              <Badge color="foyer.7" variant="outline">
                {t('events.discover.joined')}
              </Badge>
            ) : (
              !event.registrationOpen && (
                <Badge color="gray.8" variant="outline">
                  {t('events.discover.registrationClosed')}
                </Badge>
              )
            )}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
