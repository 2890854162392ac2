import { Text } from '@mantine/core';
import '../i18n';

/** The console's import area (issue 12). */
export function ImportPage({ eventId }: { eventId: number }) {
  return <Text data-testid="console-import">{eventId}</Text>;
}
