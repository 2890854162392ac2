import type { ModalRouteState } from './modal-route';

/** E2.19: the pages an invitation page is opened from. */
export type InvitationOrigin = NonNullable<ModalRouteState['page']>;

/** The route state of a link to /event/{id}/invitation/{attendeeId} from `page` (E2.19, A2.29). */
export function invitationRouteState(
  page: InvitationOrigin,
  extra: Pick<ModalRouteState, 'invitationId' | 'isBooth'> = {},
): ModalRouteState {
  return { ...extra, page };
}

/**
 * E2.19: where the invitation page's back link leads: the agenda when it was opened from the
 * agenda, else the invitations (a direct load or a reload has no state: the invitations).
 */
export function invitationBackLink(state: ModalRouteState | null | undefined): {
  to: string;
  labelKey: 'meetings.backToAgenda' | 'meetings.backToInvitations';
} {
  if (state?.page === 'agenda') return { to: '/my-agenda', labelKey: 'meetings.backToAgenda' };
  return { to: '/invitations/received', labelKey: 'meetings.backToInvitations' };
}
