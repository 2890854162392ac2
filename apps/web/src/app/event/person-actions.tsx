import type { ReactNode } from 'react';
import { type PersonActions, PersonActionsProvider } from '../../components/person-actions';
import { OnBehalfActions } from '../../features/agenda/components/on-behalf-actions';
import { ActAsButton } from '../../features/auth/components/act-as';
import { ChatButton } from '../../features/chat/components/chat-button';
import { CheckInAction } from '../../features/checkin/components/check-in-action';
import { MeetButton } from '../../features/meetings/components/meet-button';

const ACTIONS: PersonActions = {
  Meet: MeetButton,
  Chat: ChatButton,
  OnBehalf: OnBehalfActions,
  CheckIn: CheckInAction,
  ActAs: ActAsButton,
};

/** Meet, chat, on-behalf agenda and check-in actions for the people a feature's screen shows. */
export function WithPersonActions({ children }: { children: ReactNode }) {
  return <PersonActionsProvider value={ACTIONS}>{children}</PersonActionsProvider>;
}
