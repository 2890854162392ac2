import { Text } from '@mantine/core';
import '../i18n';

/** The console's people area (issue 12). */
export function PeoplePage({ eventId }: { eventId: number }) {
  return <Text data-testid="console-people">{eventId}</Text>;
}
