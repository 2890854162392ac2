import type { PublicEvent } from '@foyer/contract';
import { Button, Group, Image, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { useTranslation } from '../../../i18n/react';
import { formatDateTime } from '../../../lib/format-date';
import { useSession } from '../../../lib/session-store';
import classes from './static-layout.module.css';

/** Start and end; each stays on one line so a narrow header breaks only between them. */
function EventDates({ event, zone }: { event: PublicEvent; zone: string }) {
  const from = formatDateTime(event.realSdt, zone);
  const to = formatDateTime(event.realEdt, zone);
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{from}</span>
      {to && to !== from && (
        <>
          {' – '}
          <span style={{ whiteSpace: 'nowrap' }}>{to}</span>
        </>
      )}
    </>
  );
}

/**
 * A2.57–A2.59: the event's logo, name and dates when an event is known; otherwise the product
 * name with its tagline and a way back: to the event list when logged in, else to login.
 */
export function StaticHeader({ event }: { event: PublicEvent | null }) {
  const { t } = useTranslation();
  const loggedIn = useSession((state) => state.status === 'loggedIn');
  const zone = useSession((state) => state.user?.timezone ?? null);

  return (
    <header className={classes.header} data-testid="static-header">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Image src={event?.images?.logo || '/favicon.svg'} alt="" h={40} w="auto" maw={120} fit="contain" />
        {event ? (
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700} size="lg" lh={1.2} truncate="end" data-testid="static-event-name">
              {event.name}
            </Text>
            <Text size="sm" c="gray.7" data-testid="static-event-dates">
              <EventDates event={event} zone={zone ?? event.timezone} />
            </Text>
          </Stack>
        ) : (
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700} size="lg" lh={1.2}>
              {t('app.name')}
            </Text>
            <Text size="sm" c="gray.7" data-testid="static-tagline">
              {t('static.tagline')}
            </Text>
          </Stack>
        )}
      </Group>
      <Group gap="sm" wrap="nowrap" className={classes.headerActions}>
        <LanguageSwitcher label={null} aria-label={t('system.language.label')} size="sm" w={140} />
        <Button
          component={Link}
          to={loggedIn ? '/event/list' : '/login'}
          variant="default"
          size="sm"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          data-testid="static-back"
        >
          {t(loggedIn ? 'static.backToEvents' : 'static.backToLogin')}
        </Button>
      </Group>
    </header>
  );
}
