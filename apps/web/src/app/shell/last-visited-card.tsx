import { showsLastVisitedCard } from '@foyer/contract';
import { Card, Group, Image, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useLastVisitedEvent } from '../../lib/use-current-event';
import classes from './last-visited-card.module.css';

/** A2.78: a way back to the last visited event, on the account and personal pages only. */
export function LastVisitedCard({ onNavigate }: { onNavigate?(): void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const visible = showsLastVisitedCard(pathname);
  const last = useLastVisitedEvent(visible);
  if (!visible || !last) return null;
  const { event, path } = last;
  return (
    <Card
      component={Link}
      to={path}
      onClick={onNavigate}
      className={classes.card}
      withBorder
      radius="md"
      p="sm"
      w="100%"
      data-testid="last-visited-card"
    >
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={6}>
        {t('shell.lastVisited.title')}
      </Text>
      <Group wrap="nowrap" gap="sm">
        {event.images.logo ? (
          <Image src={event.images.logo} alt="" w={36} h={36} radius="sm" fit="contain" />
        ) : (
          <ThemeIcon variant="light" size={36} radius="sm" aria-hidden>
            <IconCalendarEvent size={20} />
          </ThemeIcon>
        )}
        <Text size="sm" fw={600} lineClamp={2}>
          {event.name}
        </Text>
      </Group>
    </Card>
  );
}
