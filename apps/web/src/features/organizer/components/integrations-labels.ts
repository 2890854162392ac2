import type { ApiKeyScope, WebhookDeliveryEvent } from '@foyer/contract';

/** Message keys of scopes and webhook events: the catalogue names texts, not the API's words (which carry `:` and `.`). */
export const SCOPE_LABEL = {
  'participants:read': 'organizer.integrations.scope.participantsRead',
  'sessions:read': 'organizer.integrations.scope.sessionsRead',
} as const satisfies Record<ApiKeyScope, string>;

export const EVENT_LABEL = {
  'participant.registered': 'organizer.integrations.event.participantRegistered',
  'participant.checked_in': 'organizer.integrations.event.participantCheckedIn',
  'meeting.confirmed': 'organizer.integrations.event.meetingConfirmed',
  'contact.collected': 'organizer.integrations.event.contactCollected',
  ping: 'organizer.integrations.event.ping',
} as const satisfies Record<WebhookDeliveryEvent, string>;

export const eventLabelKey = (event: string) =>
  EVENT_LABEL[event as WebhookDeliveryEvent] ?? 'organizer.integrations.event.ping';
