import type { EventType } from '@foyer/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';

const COLORS: Record<EventType, string> = { normal: 'teal.9', online: 'foyer.7', hybrid: 'grape.9' };

/** On-site, Online or Hybrid (A1.08). */
export function EventTypeBadge({ type }: { type: EventType }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[type] ?? 'gray.8'} variant="filled" data-testid="event-type">
      {t(`events.type.${type}`)}
    </Badge>
  );
}
