import type { EventSummary } from '@foyer/contract';
import { Avatar, Box, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { rememberLastVisitedEvent } from '../../../lib/storage';
import classes from './event-card.module.css';
import { formatEventRange } from './event-dates';
import { EventTypeBadge } from './event-type-badge';

/** One event in the list; the whole card follows its title link to /event/{id}/. */
export function EventCard({ event, zone }: { event: EventSummary; zone: string | null }) {
  const { logo, banner } = event.images ?? { logo: null, banner: null, side_banner: null };
  return (
    <Card withBorder padding="md" className={classes.card} data-testid="event-card" data-event-id={event.id}>
      <Card.Section>
        {banner ? (
          <Image src={banner} alt="" w="100%" h="auto" fit="contain" />
        ) : (
          <Box h={96} className={classes.placeholder} aria-hidden />
        )}
      </Card.Section>
      <Group mt="md" gap="sm" wrap="nowrap" align="flex-start">
        {logo ? (
          <Image src={logo} alt="" w={48} h={48} fit="contain" radius="md" className={classes.logo} />
        ) : (
          <Avatar alt="" radius="md" size={48} color="foyer">
            {event.name.slice(0, 1).toUpperCase()}
          </Avatar>
        )}
        <Stack gap={6} miw={0} flex={1}>
          <Link
            to={`/event/${event.id}/`}
            className={classes.link}
            onClick={() => rememberLastVisitedEvent(event.id)}
            data-testid="event-link"
          >
            {event.name}
          </Link>
          <Group gap={6} wrap="nowrap">
            <IconCalendar size={16} aria-hidden />
            <Text size="sm" c="gray.7" data-testid="event-dates">
              {formatEventRange(event.realSdt, event.realEdt, zone)}
            </Text>
          </Group>
          <Group gap="xs">
            <EventTypeBadge type={event.eventType} />
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
