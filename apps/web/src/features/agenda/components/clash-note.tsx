import type { SessionSummary } from '@foyer/contract';
import { Button, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { formatTime, useZone } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useSwapSession } from '../api/sessions-api';
import { scheduleErrorToast } from '../lib/schedule-errors';
import '../i18n';

/**
 * Issue 15, beside "You are busy" (E4.49): what the session clashes with and when, and for a session
 * of the agenda a Swap that leaves it and adds this one in one step (nothing changes if that fails),
 * unless this one needs the organizers' approval.
 */
export function ClashNote({ session, size = 'sm' }: { session: SessionSummary; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const { zone, locale } = useZone();
  const swap = useSwapSession(session.eventId);
  const clash = session.clash;
  if (!clash) return null;
  const name =
    clash.kind === 'meeting'
      ? t('agenda.clash.meeting')
      : clash.kind === 'offTime'
        ? t('agenda.item.break')
        : clash.name;
  const replaceSessionId = clash.kind === 'session' ? clash.sessionId : null;
  // A session that needs approval gives a request, not a seat: no swap for one (the server refuses).
  const canSwap =
    replaceSessionId !== null && session.availableToMe && !session.isFull && !session.needsApproval;
  const run = () => {
    if (replaceSessionId === null) return;
    void swap
      .mutateAsync({ sessionId: session.id, replaceSessionId })
      .then(() => toast('success', t('agenda.toast.swapped', { name: session.name, old: name })))
      .catch((error: unknown) => scheduleErrorToast(error, t));
  };
  return (
    <>
      <Text size="xs" c="dimmed" data-testid="session-clash" style={{ overflowWrap: 'anywhere' }}>
        {t('agenda.clash.with', { name, time: formatTime(clash.sdt, zone, locale) })}
      </Text>
      {canSwap && (
        <Button
          size={size}
          variant="default"
          loading={swap.isPending}
          onClick={run}
          aria-label={t('agenda.clash.swapLabel', { old: name, name: session.name })}
          data-testid="session-button-swap"
        >
          {t('agenda.clash.swap')}
        </Button>
      )}
    </>
  );
}
