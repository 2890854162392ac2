import { Text } from '@mantine/core';
import '../i18n';

/** The console's event settings (issue 12, part 1). */
export function EventSettingsPage({ eventId }: { eventId: number }) {
  return <Text data-testid="console-settings">{eventId}</Text>;
}
