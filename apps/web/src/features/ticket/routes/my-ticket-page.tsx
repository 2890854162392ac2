import { Alert, Center, Loader, Modal } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { restoreFocus } from '../../../lib/focus';
import { useMyTicket } from '../api/ticket-api';
import { TicketView } from '../components/ticket-view';
import { useWakeLock } from '../lib/use-wake-lock';
import '../i18n';

/** Where focus goes when the view closes and what opened it is gone (the mobile menu closed). */
const FOCUS_FALLBACKS = ['[data-testid="nav-myTicket"]', '[data-testid="mobile-menu-button"]', '#main'];

/**
 * E2.61 "My ticket" (/event/:eventId/ticket): the ticket full screen, black on white whatever the
 * theme, the screen kept awake while it shows. Escape or the close button go back to the page it
 * was opened from, and focus to what opened it.
 */
export function MyTicketPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const eventId = Number(useParams().eventId);
  const ticket = useMyTicket(eventId);
  const [opened, setOpened] = useState(true);
  // Read while rendering the first time: the link or button that opened the view still has focus.
  const [opener] = useState(() => document.activeElement);
  const wakeLock = useWakeLock(opened && !!ticket.data?.ticketId);

  const leave = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(`/event/${eventId}/`, { replace: true });
    restoreFocus(opener, FOCUS_FALLBACKS);
  };

  return (
    <Modal
      opened={opened}
      onClose={() => setOpened(false)}
      onExitTransitionEnd={leave}
      fullScreen
      title={t('ticket.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      transitionProps={{ transition: 'fade', duration: 150 }}
      styles={{
        content: { background: '#ffffff', color: '#000000' },
        header: { background: '#ffffff', color: '#000000' },
      }}
      data-testid="my-ticket"
      data-wake-lock={wakeLock}
    >
      {ticket.data ? (
        <TicketView ticket={ticket.data} />
      ) : ticket.isError ? (
        <Alert color="red" role="alert" data-testid="my-ticket-error">
          {ticket.error instanceof ApiError && [403, 404].includes(ticket.error.status)
            ? t('ticket.notParticipant')
            : t('ticket.loadError')}
        </Alert>
      ) : (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
    </Modal>
  );
}
