import type { InvitationChangedPayload, MeetingStatusResult } from '@foyer/contract';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { trackAnswerReads } from '../../../lib/answer-reads';
import { meetingKeys } from './meetings-api';
import { applyInvitationChange } from './meetings-cache';

const EVENT = 5;
const ACTOR = 31;

const status = (
  relation: MeetingStatusResult['relation'],
  invitationId: number | null,
): MeetingStatusResult => ({
  status: relation === 'none' ? 'inviteNew' : 'inviteReceived',
  relation,
  invitationId,
  meetingId: null,
  rescheduleInvitationId: null,
  maxMeetingCount: null,
  person: null,
});

/** The push to me when participant ACTOR invites me (invitation 900): only my card for them here. */
const invited = (): InvitationChangedPayload => ({
  type: 'participant_meet_invitation',
  eventId: EVENT,
  actorId: ACTOR,
  invitationId: 900,
  meetingId: null,
  message: null,
  viewer: { participantId: 7, boothId: null },
  invitation: null,
  meeting: null,
  card: { participantId: ACTOR, ...status('request_meeting', 900) },
  notification: null,
  counts: null,
});

function trackedClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  trackAnswerReads(client.getQueryCache());
  return client;
}

describe('a pushed invitation change patched into the meeting caches', () => {
  it('E4.13 my card for the actor, being read when the invitation came, shows it once the read lands', async () => {
    const client = trackedClient();
    const key = meetingKeys.status(EVENT, ACTOR);
    let answer: (value: MeetingStatusResult) => void = () => {};
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: () => new Promise<MeetingStatusResult>((resolve) => (answer = resolve)),
    });
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(client.getQueryState(key)?.fetchStatus).toBe('fetching'));
    applyInvitationChange(client, invited());
    // The card's read began before the invitation: it answers "no relation".
    answer(status('none', null));
    await vi.waitFor(() => expect(client.getQueryState(key)?.fetchStatus).toBe('idle'));
    expect(client.getQueryData<MeetingStatusResult>(key)?.relation).toBe('request_meeting');
    stop();
    client.clear();
  });

  it('E4.13 a card nobody asked for yet is kept for when it opens', () => {
    const client = trackedClient();
    applyInvitationChange(client, invited());
    expect(client.getQueryData<MeetingStatusResult>(meetingKeys.status(EVENT, ACTOR))?.invitationId).toBe(
      900,
    );
    client.clear();
  });
});
