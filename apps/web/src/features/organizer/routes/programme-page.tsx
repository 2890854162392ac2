import { Text } from '@mantine/core';
import '../i18n';

/** The console's programme area (issue 12). */
export function ProgrammePage({ eventId }: { eventId: number }) {
  return <Text data-testid="console-programme">{eventId}</Text>;
}
