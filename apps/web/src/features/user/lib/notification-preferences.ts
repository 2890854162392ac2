import {
  channelsFor,
  type NotificationChannel,
  type NotificationType,
  type UserProfile,
} from '@foyer/contract';

/** A9.40–A9.42: the spec's three groups, in its order. */
export const NOTIFICATION_GROUPS: readonly {
  key: 'user' | 'event' | 'meetings';
  types: readonly NotificationType[];
}[] = [
  { key: 'user', types: ['confirmed', 'session_cancelled', 'rescheduled_session', 'invited_to_event'] },
  { key: 'event', types: ['announcement', 'poll', 'poll_finished'] },
  {
    key: 'meetings',
    types: [
      'participant_meet_invitation',
      'confirm_participant_invitation',
      'reject_participant_invite',
      'session_reschedule_invitation',
      'confirm_reschedule_invitation',
      'reject_invite_reschedule',
      'cancel_meeting',
      'cancel_session',
      'meeting_reminder',
    ],
  },
];

export type PreferenceList = UserProfile['notificationPreferenceList'];
/** Per type, the channels switched on. */
export type PreferenceState = Record<NotificationType, NotificationChannel[]>;

/** A type the user never set is sent on every channel it allows, as the server does. */
export function toPreferenceState(list: PreferenceList): PreferenceState {
  const stored = new Map(list.map((item) => [item.type, item.channels]));
  const state = {} as PreferenceState;
  for (const { types } of NOTIFICATION_GROUPS) {
    for (const type of types) {
      const allowed = channelsFor(type);
      state[type] = [...(stored.get(type) ?? allowed)].filter((c) => allowed.includes(c));
    }
  }
  return state;
}

/** Every type with its channels, so a saved "off" is never mistaken for "not set". */
export function toPreferenceList(state: PreferenceState): PreferenceList {
  return NOTIFICATION_GROUPS.flatMap(({ types }) =>
    types.map((type) => ({
      type,
      channels: channelsFor(type).filter((c) => state[type]?.includes(c)),
    })),
  );
}

export function toggleChannel(
  state: PreferenceState,
  type: NotificationType,
  channel: NotificationChannel,
  on: boolean,
): PreferenceState {
  const current = state[type] ?? [];
  const next = on ? [...new Set([...current, channel])] : current.filter((c) => c !== channel);
  return { ...state, [type]: channelsFor(type).filter((c) => next.includes(c)) };
}
