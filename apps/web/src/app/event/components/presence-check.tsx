import { type EventDetails, needsPresenceConfirmation, type Presence } from '@foyer/contract';
import { Alert, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBuilding, IconDeviceLaptop } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LazyModal } from '../../../components/lazy-modal';
import { useTranslation } from '../../../i18n/react';
import { readFilledEventProfiles } from '../../../lib/filled-event-profiles';
import { toast } from '../../../lib/toast';
import { useShell } from '../../shell/shell-store';
import { useEver } from '../../shell/use-ever';
import { useConfirmPresence, usePresence } from '../api/presence';

/** How long "Ask me later" keeps the question away, in this tab. */
const LATER_MS = 60 * 60_000;
const laterKey = (eventId: number) => `presenceLater:${eventId}`;

function askedLater(eventId: number): boolean {
  try {
    const at = Number(sessionStorage.getItem(laterKey(eventId)));
    return Number.isFinite(at) && Date.now() - at < LATER_MS;
  } catch {
    return false;
  }
}

function rememberLater(eventId: number): void {
  try {
    sessionStorage.setItem(laterKey(eventId), String(Date.now()));
  } catch {
    // storage unavailable: the question comes back on the next render
  }
}

/**
 * A4.41–A4.45, A2.95: on hybrid, unfinished events, asks once a day whether the user is on-site or
 * remote. Leaving without an answer returns to the event list with an error (A8.28, 8 s); "Ask me
 * later" (issue 15) keeps the last answer and asks again in an hour instead.
 */
export function PresenceCheck({ event }: { event: EventDetails }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // A4.43: the server's flag follows the person; the browser's list covers a profile filled offline.
  const eventProfileFilled = !!event.me?.profileFilled || readFilledEventProfiles().includes(event.id);
  const [later, setLater] = useState(() => askedLater(event.id));
  // One question at a time: the time-zone check (a new account's first) goes first.
  const timezoneOpen = useShell((state) => state.modals.includes('timezone'));
  const onEventProfilePage = /\/event-profile\/?$/.test(pathname);
  const candidate =
    event.eventType === 'hybrid' &&
    !event.isFinished &&
    eventProfileFilled &&
    !onEventProfilePage &&
    !!event.me;
  const presence = usePresence(event.id, candidate);
  const confirm = useConfirmPresence(event.id);
  const answered = useRef(false);

  const opened =
    candidate &&
    !later &&
    !timezoneOpen &&
    presence.isSuccess &&
    needsPresenceConfirmation({
      event,
      lastPresenceConfirmTime: presence.data.lastPresenceConfirmTime,
      eventProfileFilled,
      onEventProfilePage,
      now: new Date(),
    });

  const choose = (present: Presence) => {
    answered.current = true;
    confirm.mutate(present, {
      onError: () => {
        answered.current = false;
      },
    });
  };

  const askLater = () => {
    rememberLater(event.id);
    setLater(true);
  };

  const last = presence.data?.present;
  // Mounted once first asked (and kept for its closing transition): a closed modal still mounts a
  // portal, whose set-up in the commit makes the event area's first commit flush every effect of the
  // page at once, one long task before the page is painted.
  const asked = useEver(opened);
  if (!asked) return null;

  const leave = () => {
    if (answered.current) return;
    toast('error', t('presence.required'));
    navigate('/event/list');
  };

  return (
    <LazyModal
      opened={opened}
      onClose={leave}
      title={t('presence.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md" data-testid="presence-modal">
        <Text size="sm">{t('presence.text', { event: event.name })}</Text>
        <SimpleGrid cols={2}>
          <Button
            variant="light"
            h={88}
            onClick={() => choose('venue')}
            loading={confirm.isPending && confirm.variables === 'venue'}
            data-testid="presence-venue"
          >
            <Stack gap={4} align="center">
              <IconBuilding size={28} aria-hidden />
              {t('presence.venue')}
            </Stack>
          </Button>
          <Button
            variant="light"
            h={88}
            onClick={() => choose('online')}
            loading={confirm.isPending && confirm.variables === 'online'}
            data-testid="presence-online"
          >
            <Stack gap={4} align="center">
              <IconDeviceLaptop size={28} aria-hidden />
              {t('presence.online')}
            </Stack>
          </Button>
        </SimpleGrid>
        {last && (
          <Text size="sm" c="dimmed" data-testid="presence-last">
            {t('presence.last', { choice: t(last === 'venue' ? 'presence.venue' : 'presence.online') })}
          </Text>
        )}
        <Button variant="subtle" onClick={askLater} data-testid="presence-later">
          {t('presence.later')}
        </Button>
        {confirm.error && (
          <Alert color="red" role="alert">
            {confirm.error.message}
          </Alert>
        )}
      </Stack>
    </LazyModal>
  );
}
