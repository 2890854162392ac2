import type { CheckInPerson, EventDetails } from '@foyer/contract';
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/** The person an action is about, as the invitation and chat calls take it (participant id). */
export interface PersonActionProps {
  eventId: number;
  participantId: number;
  name: string;
  size?: 'xs' | 'sm' | 'md';
}

export interface OnBehalfActionProps {
  event: EventDetails;
  participantId: number;
  participantName: string;
}

/** E4.68: check-in staff check a person in from their profile. */
export interface CheckInActionProps {
  event: EventDetails;
  person: CheckInPerson;
}

/**
 * What other features offer wherever a person is shown (a participant card or profile, a booth's
 * team): meet (meetings), chat (chat) and the organizer's view of their agenda (agenda). The app
 * fills these slots (app/event/person-actions.tsx), so a feature that shows people renders them
 * without importing the features behind them.
 */
export interface PersonActions {
  Meet: ComponentType<PersonActionProps>;
  Chat: ComponentType<PersonActionProps>;
  OnBehalf: ComponentType<OnBehalfActionProps>;
  CheckIn: ComponentType<CheckInActionProps>;
  /** A6.04: a super user logs in as this person (their account's id; null without one). */
  ActAs: ComponentType<{ userId: number | null; name: string }>;
}

function Nothing() {
  return null;
}

const PersonActionsContext = createContext<PersonActions>({
  Meet: Nothing,
  Chat: Nothing,
  OnBehalf: Nothing,
  CheckIn: Nothing,
  ActAs: Nothing,
});

export function PersonActionsProvider({ value, children }: { value: PersonActions; children: ReactNode }) {
  return <PersonActionsContext value={value}>{children}</PersonActionsContext>;
}

/** The person actions the app provides; outside a provider each renders nothing. */
export function usePersonActions(): PersonActions {
  return useContext(PersonActionsContext);
}
