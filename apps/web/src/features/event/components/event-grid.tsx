import type { EventSummary } from '@foyer/contract';
import { SimpleGrid } from '@mantine/core';
import { EventCard } from './event-card';

export function EventGrid({ events, zone }: { events: EventSummary[]; zone: string | null }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {events.map((event) => (
        <EventCard key={event.id} event={event} zone={zone} />
      ))}
    </SimpleGrid>
  );
}
