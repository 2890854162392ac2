import { Text } from '@mantine/core';
import '../i18n';

/** The console's dashboard area (issue 12). */
export function DashboardPage({ eventId }: { eventId: number }) {
  return <Text data-testid="console-dashboard">{eventId}</Text>;
}
