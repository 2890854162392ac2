import type { ReactNode } from 'react';
import { type PersonActions, PersonActionsProvider } from '../../components/person-actions';
import { OnBehalfActions } from '../../features/agenda/components/on-behalf-actions';
import { ChatButton } from '../../features/chat/components/chat-button';
import { MeetButton } from '../../features/meetings/components/meet-button';

const ACTIONS: PersonActions = { Meet: MeetButton, Chat: ChatButton, OnBehalf: OnBehalfActions };

/** Meet, chat and on-behalf agenda actions for the people a feature's screen shows. */
export function WithPersonActions({ children }: { children: ReactNode }) {
  return <PersonActionsProvider value={ACTIONS}>{children}</PersonActionsProvider>;
}
