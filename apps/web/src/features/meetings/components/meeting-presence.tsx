import type { Meeting } from '@foyer/contract';
import { Button } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import '../i18n';
import { meetingKeys } from '../api/meetings-api';
import { meetingErrorText } from '../lib/meeting-errors';

/**
 * E4.53: from 5 minutes before the start (the server then gives the meeting its video link) the
 * people can join, check in and ping each other.
 */
export function MeetingPresence({ eventId, meeting }: { eventId: number; meeting: Meeting }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const act = useMutation({
    mutationFn: (action: 'checkIn' | 'ping') =>
      api<Meeting>(`/event/meeting/${action}`, { method: 'POST', body: { eventId, meetingId: meeting.id } }),
    onSuccess: (_, action) => toast('success', t(`meetings.presence.${action}Done`)),
    onError: (error) => toast('error', meetingErrorText(t, error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meetingKeys.all }),
  });
  if (!meeting.videoUrl || meeting.status === 'cancelled') return null;
  return (
    <>
      <Button component="a" href={meeting.videoUrl} target="_blank" rel="noopener" data-testid="meet-join">
        {t('meetings.action.join')}
      </Button>
      <Button variant="default" loading={act.isPending} onClick={() => act.mutate('checkIn')}>
        {t('meetings.presence.checkIn')}
      </Button>
      <Button variant="default" loading={act.isPending} onClick={() => act.mutate('ping')}>
        {t('meetings.presence.ping')}
      </Button>
    </>
  );
}
