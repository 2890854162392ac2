import type { CheckInEntityType } from '@foyer/contract';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useInside } from '../api/checkin';
import '../i18n';

/** Who is inside the chosen area now, newest first (the staff screen's list). */
export function InsideList(props: {
  eventId: number;
  entityType: CheckInEntityType;
  entityId: number | null;
}) {
  const { t } = useTranslation();
  const inside = useInside(props.eventId, props.entityType, props.entityId);
  if (!inside.data) return null;
  const { items, total } = inside.data;
  return (
    <Stack gap={6} data-testid="check-in-inside">
      <Title order={2} size="h5">
        {t('checkIn.inside.title', { count: total })}
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('checkIn.inside.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((person) => (
            <li key={person.participantId}>
              <Text size="sm" fw={600} span>
                {person.fullName}
              </Text>
              <Text size="sm" c="dimmed" span>
                {' · '}
                {[person.company, formatDateTime(person.checkedInAt).slice(11)].filter(Boolean).join(' · ')}
              </Text>
            </li>
          ))}
          {total > items.length && (
            <Text component="li" size="sm" c="dimmed">
              {t('checkIn.inside.more', { count: total - items.length })}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
