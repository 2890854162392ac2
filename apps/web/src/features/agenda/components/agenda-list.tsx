import type { AgendaItem } from '@foyer/contract';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { pageOf, splitAgenda } from '../lib/agenda-lib';
import { AgendaItemCard } from './agenda-item-card';
import '../i18n';

interface Props {
  items: AgendaItem[];
  now: number;
  compact?: boolean;
  readOnly?: boolean;
  /** Heading level of the two sections (2 on the page, 3 in the drawer under its title). */
  headingOrder?: 2 | 3;
  onNavigate?(): void;
}

/** E2.31, E9.13: live and upcoming, then past in steps of 5 with the remaining count or Loaded all. */
export function AgendaList({
  items,
  now,
  compact = false,
  readOnly = false,
  headingOrder = 2,
  onNavigate,
}: Props) {
  const { t } = useTranslation();
  const [shownPast, setShownPast] = useState(0);
  const { upcoming, past } = splitAgenda(items, now);
  const page = pageOf(past, shownPast);
  return (
    <Stack gap="lg">
      <Stack gap="sm" component="section" aria-labelledby="agenda-upcoming" data-testid="agenda-upcoming">
        <Title order={headingOrder} size="h4" id="agenda-upcoming">
          {t('agenda.mine.upcoming')}
        </Title>
        {upcoming.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('agenda.mine.noUpcoming')}
          </Text>
        ) : (
          upcoming.map((item) => (
            <AgendaItemCard
              key={`${item.type}-${item.id}-${item.participantId}`}
              item={item}
              now={now}
              compact={compact}
              readOnly={readOnly}
              onNavigate={onNavigate}
            />
          ))
        )}
      </Stack>
      {past.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="agenda-past" data-testid="agenda-past">
          <Title order={headingOrder} size="h4" id="agenda-past">
            {t('agenda.mine.past')}
          </Title>
          {page.visible.map((item) => (
            <AgendaItemCard
              key={`${item.type}-${item.id}-${item.participantId}`}
              item={item}
              now={now}
              compact={compact}
              readOnly={readOnly}
              onNavigate={onNavigate}
            />
          ))}
          {page.remaining > 0 ? (
            <Button variant="default" onClick={() => setShownPast(page.next)} data-testid="agenda-load-more">
              {t('agenda.mine.loadMore', { count: page.remaining })}
            </Button>
          ) : (
            past.length > 5 && (
              <Text size="sm" c="dimmed" ta="center" data-testid="agenda-loaded-all">
                {t('agenda.mine.loadedAll')}
              </Text>
            )
          )}
        </Stack>
      )}
    </Stack>
  );
}
