import { type EventType, type SessionButton, type SessionSummary, sessionButtons } from '@foyer/contract';
import { Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/react';
import { handOffFocus } from '../../../lib/focus';
import { formatLongDate, formatTime, useZone } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { downloadCalendar } from '../api/agenda-api';
import { sessionRoomUrl, useJoinSession, useLeaveSession } from '../api/sessions-api';
import { openVideoWindow } from '../lib/open-video';
import { scheduleErrorToast } from '../lib/schedule-errors';
import { ClashNote } from './clash-note';
import '../i18n';

interface Props {
  session: SessionSummary;
  eventType: EventType;
  eventFinished: boolean;
  organizer: boolean;
  now: number;
  size?: 'xs' | 'sm';
}

const PRIMARY: SessionButton[] = ['addToAgenda', 'joinNow', 'joinAsAttendee', 'startStreaming'];

const buttonSelector = (buttons: SessionButton[]) =>
  buttons.map((button) => `[data-testid="session-button-${button}"]`).join(', ');

/** E4.41–E4.52: the buttons and notice a session offers the caller now. */
export function SessionActions({ session, eventType, eventFinished, organizer, now, size = 'sm' }: Props) {
  const { t } = useTranslation();
  const { zone, locale } = useZone();
  const join = useJoinSession(session.eventId);
  const leave = useLeaveSession(session.eventId);
  const state = sessionButtons({
    session,
    eventType,
    eventFinished,
    myStatus: session.myStatus,
    myRoles: session.myRoles,
    organizer,
    now,
  });

  // WCAG 2.4.3: the pressed button gives way to its opposite; focus follows it there.
  const group = useRef<HTMLDivElement>(null);
  const stopHandOff = useRef<() => void>(() => undefined);
  useEffect(() => () => stopHandOff.current(), []);
  const focusNext = (buttons: SessionButton[]) => {
    stopHandOff.current();
    stopHandOff.current = handOffFocus(group.current, buttonSelector(buttons));
  };

  const addToAgenda = () => {
    focusNext(['removeFromAgenda', 'leave']);
    join.mutate(session.id, {
      onSuccess: (result) => {
        if (result.status === 'waiting') {
          // E8.36: a session that needs approval: the request is in.
          toast(
            'success',
            t('agenda.toast.requested', {
              time: formatTime(session.sdt, zone, locale),
              date: formatLongDate(session.sdt, zone, locale),
            }),
          );
        } else {
          toast('success', t('agenda.toast.added')); // E8.35
        }
      },
      onError: (error) => {
        stopHandOff.current();
        scheduleErrorToast(error, t);
      },
    });
  };

  const removeFromAgenda = () => {
    focusNext(['addToAgenda']);
    leave.mutate(session.id, {
      onSuccess: () => toast('success', t('agenda.toast.removed')),
      onError: (error) => {
        stopHandOff.current();
        scheduleErrorToast(error, t);
      },
    });
  };

  const joinLive = () =>
    openVideoWindow(async () => {
      const result = await join.mutateAsync(session.id);
      return result.videoUrl;
    });

  const onClick: Partial<Record<SessionButton, () => void>> = {
    addToAgenda,
    removeFromAgenda,
    leave: removeFromAgenda,
    joinNow: joinLive,
    joinAsAttendee: joinLive,
    joinAsModerator: () => openVideoWindow(() => sessionRoomUrl(session.eventId, session.id, 'moderator')),
    startStreaming: () => openVideoWindow(() => sessionRoomUrl(session.eventId, session.id, 'speaker')),
    joinRehearsal: () => openVideoWindow(() => sessionRoomUrl(session.eventId, session.id, 'rehearsal')),
    addToCalendar: () =>
      downloadCalendar(
        `/event/${session.eventId}/sessions/${session.id}/calendar.ics`,
        `session-${session.id}.ics`,
      ).catch((error: unknown) =>
        toast('error', error instanceof Error ? error.message : t('agenda.error.generic')),
      ),
  };

  const busy = join.isPending || leave.isPending;
  return (
    <Group ref={group} gap="xs" wrap="wrap" data-testid={`session-actions-${session.id}`}>
      {state.notice &&
        (state.notice === 'onSiteOnly' ? (
          <Tooltip
            label={t('agenda.notice.onSiteOnly')}
            multiline
            w={260}
            events={{ hover: true, focus: true, touch: true }}
          >
            <Badge color="gray.7" tabIndex={0} data-testid="session-notice">
              {t('agenda.notice.onSiteShort')}
            </Badge>
          </Tooltip>
        ) : (
          <Badge
            color={
              state.notice === 'finished'
                ? 'gray.7'
                : state.notice === 'waitingConfirmation'
                  ? 'violet.9'
                  : 'red.9'
            }
            data-testid="session-notice"
          >
            {t(`agenda.notice.${state.notice}`)}
          </Badge>
        ))}
      {state.notice === 'busy' && <ClashNote session={session} size={size} />}
      {state.buttons.map((button) =>
        button === 'viewRecording' && session.offlineLink ? (
          <Button
            key={button}
            size={size}
            variant="light"
            component="a"
            href={session.offlineLink}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('agenda.button.viewRecording')}
          </Button>
        ) : (
          <Button
            key={button}
            size={size}
            variant={PRIMARY.includes(button) ? 'filled' : button === 'addToCalendar' ? 'subtle' : 'default'}
            loading={
              busy && (button === 'addToAgenda' || button === 'removeFromAgenda' || button === 'leave')
            }
            disabled={busy}
            onClick={onClick[button]}
            data-testid={`session-button-${button}`}
            aria-label={`${t(`agenda.button.${button}`)}: ${session.name}`}
          >
            {t(`agenda.button.${button}`)}
          </Button>
        ),
      )}
      {state.buttons.length === 0 && !state.notice && (
        <Text size="xs" c="dimmed">
          {t('agenda.notice.notAvailable')}
        </Text>
      )}
    </Group>
  );
}
