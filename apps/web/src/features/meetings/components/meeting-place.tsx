import type { Meeting } from '@foyer/contract';
import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconMapPin, IconVideo } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import '../i18n';

/**
 * Issue 15: where a confirmed meeting happens: its table at the meeting point on site, or the video
 * call online (whose link shows once the start window opens, E4.53).
 */
export function MeetingPlace({ meeting }: { meeting: Pick<Meeting, 'kind' | 'place' | 'status'> }) {
  const { t } = useTranslation();
  if (meeting.status === 'cancelled' || meeting.kind !== 'meeting') return null;
  const { place } = meeting;
  const text = place
    ? place.location
      ? t('meetings.place.tableAt', { table: place.table, location: place.location })
      : t('meetings.place.table', { table: place.table })
    : t('meetings.place.video');
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="meeting-place">
      {place ? <IconMapPin size={18} aria-hidden /> : <IconVideo size={18} aria-hidden />}
      <Text size="sm" fw={place ? 600 : 400}>
        <VisuallyHidden>{t('meetings.place.label')}: </VisuallyHidden>
        {text}
      </Text>
    </Group>
  );
}
