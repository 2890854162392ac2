import { Stack } from '@mantine/core';
import { useEvent } from '../../../lib/use-event';
import { DoorSection } from '../components/door-section';
import { BoothsSection } from '../components/exhibitors-booths';
import '../i18n';

/** The console's exhibitors area (issue 12, parts 5 and 6): booths and their teams, then the door. */
export function ExhibitorsPage({ eventId }: { eventId: number }) {
  const event = useEvent(eventId);
  return (
    <Stack gap="xl" data-testid="console-exhibitors">
      <BoothsSection eventId={eventId} />
      <DoorSection eventId={eventId} types={event.data?.participantTypes ?? []} />
    </Stack>
  );
}
