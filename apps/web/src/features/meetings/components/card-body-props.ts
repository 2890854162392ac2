import type { MeetingCardModel } from '../lib/use-meeting-card';

/** The forms a card can open (A2.27 names the mobile pages after them). */
export type CardMode = 'accept' | 'decline' | 'edit' | 'reschedule' | 'cancel' | 'declineReschedule';

export interface CardBodyProps {
  eventId: number;
  participantId: number;
  name: string;
  model: MeetingCardModel;
  mode: CardMode | null;
  setMode(mode: CardMode | null): void;
  onDone?: (() => void) | undefined;
}
