import type { Meeting } from '@foyer/contract';
import { Button, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslation } from '../../../i18n/react';
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import '../i18n';
import { meetingKeys } from '../api/meetings-api';
import { type MeetingActions, startWindowOpensAt } from '../lib/meeting-actions';
import { meetingErrorText } from '../lib/meeting-errors';
import { timeOf, useDisplayZone } from '../lib/meeting-time';

/**
 * E4.53, E4.54: check-in and ping show before the start window, waiting for it (with the time it
 * opens); from 5 minutes before the start (the server then gives the meeting its video link) the
 * people can join, check in and ping each other.
 */
export function MeetingPresence({
  eventId,
  meeting,
  allowed,
}: {
  eventId: number;
  meeting: Meeting;
  allowed: MeetingActions;
}) {
  const { t } = useTranslation();
  const zone = useDisplayZone();
  const hintId = useId();
  const queryClient = useQueryClient();
  const act = useMutation({
    mutationFn: (action: 'checkIn' | 'ping') =>
      api<Meeting>(`/event/meeting/${action}`, { method: 'POST', body: { eventId, meetingId: meeting.id } }),
    onSuccess: (_, action) => toast('success', t(`meetings.presence.${action}Done`)),
    onError: (error) => toast('error', meetingErrorText(t, error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meetingKeys.all }),
  });
  // The window opened while the card was on screen: fetch the meeting again for its video link.
  const windowOpenWithoutLink = allowed.checkIn === 'shown' && !meeting.videoUrl;
  useEffect(() => {
    if (windowOpenWithoutLink) void queryClient.invalidateQueries({ queryKey: meetingKeys.all });
  }, [windowOpenWithoutLink, queryClient]);

  const waiting = allowed.checkIn === 'waiting';
  const presence = (action: 'checkIn' | 'ping') =>
    allowed[action] !== 'hidden' && (
      <Button
        variant="default"
        disabled={waiting}
        aria-describedby={waiting ? hintId : undefined}
        loading={act.isPending}
        onClick={() => act.mutate(action)}
        data-testid={`meet-${action === 'checkIn' ? 'check-in' : 'ping'}`}
      >
        {t(`meetings.presence.${action}`)}
      </Button>
    );
  return (
    <>
      {allowed.join === 'shown' && meeting.videoUrl && (
        <Button component="a" href={meeting.videoUrl} target="_blank" rel="noopener" data-testid="meet-join">
          {t('meetings.action.join')}
        </Button>
      )}
      {presence('checkIn')}
      {presence('ping')}
      {waiting && (
        <Text id={hintId} size="sm" w="100%" ta="end" data-testid="meet-presence-opens">
          {t('meetings.presence.opensAt', {
            time: timeOf(startWindowOpensAt(meeting.sdt).toISOString(), zone),
          })}
        </Text>
      )}
    </>
  );
}
