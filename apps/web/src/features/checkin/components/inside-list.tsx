import type { CheckInEntityType } from '@foyer/contract';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { formatDateTime } from '../../../lib/format-date';
import { useGates, useInside } from '../api/checkin';
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
      <GateCounts {...props} />
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

/**
 * Occupancy per gate (issue 14): the area's people by the door (the device's name, "Gate B") of
 * their last change. Shown once any change came from a named device.
 */
function GateCounts(props: { eventId: number; entityType: CheckInEntityType; entityId: number | null }) {
  const { t } = useTranslation();
  const gates = useGates(props.eventId, props.entityType, props.entityId).data?.gates ?? [];
  if (!gates.some((g) => g.gate !== null)) return null;
  return (
    <Stack gap={2} data-testid="check-in-gates">
      <Text size="sm" fw={600}>
        {t('checkIn.gates.title')}
      </Text>
      <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
        {gates.map((g) => (
          <Group component="li" key={g.gate ?? ''} gap={6} wrap="nowrap" data-gate={g.gate ?? ''}>
            <Text size="sm" span>
              {g.gate ?? t('checkIn.gates.unnamed')}:
            </Text>
            <Text size="sm" c="dimmed" span>
              {t('checkIn.gates.row', { inside: g.inside, left: g.left })}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
