import { RecordType } from './realtime';

// The shapes of polls.ts's schemas these rules read, declared here: the schemas import this file.
type PollStatus = 'draft' | 'scheduled' | 'published' | 'closed';
type PollAction = (typeof pollActions)[number];
interface Poll {
  status: PollStatus;
  resultsVisible: boolean;
  autoPublishResults: boolean;
  myAnswers: number[] | null;
}
interface PollFormValues {
  question: string;
  answers: { id?: number | undefined; text: string }[];
  autoPublishResults: boolean;
  multiple: boolean;
}

/**
 * Poll rules that need no schema (limits, actions, results, the form's rows): the lobby shows and
 * runs polls with them without loading the validation library; the schemas are in polls.ts.
 */

export const POLL_QUESTION_MAX_LENGTH = 500;
export const POLL_ANSWER_MAX_LENGTH = 200;
export const POLL_MAX_ANSWERS = 20;

/** E4.58–E4.61. */
export const pollActions = [
  'publish',
  'unpublish',
  'close',
  'reopen',
  'showResults',
  'hideResults',
  'finish',
  'restart',
] as const;

/** Realtime record types on newEvents/{eventId}. */
export const PollRecordType = {
  Changed: RecordType.PollChanged,
  Results: RecordType.PollResults,
} as const;

/** E6.35: moderators always see results; others once shown or when the poll publishes them itself. */
export function pollResultsVisible(
  poll: Pick<Poll, 'resultsVisible' | 'autoPublishResults' | 'status'>,
  viewer: { moderator: boolean },
): boolean {
  if (viewer.moderator) return true;
  if (poll.status === 'draft' || poll.status === 'scheduled') return false;
  return poll.resultsVisible || poll.autoPublishResults;
}

export function canVote(poll: Pick<Poll, 'status' | 'myAnswers'>): boolean {
  return poll.status === 'published' && poll.myAnswers === null;
}

/** Whether an action applies in a status (the server answers 409 otherwise). */
export function isPollActionAllowed(action: PollAction, status: PollStatus, finished: boolean): boolean {
  switch (action) {
    case 'publish':
      return status === 'draft' || status === 'scheduled';
    case 'unpublish':
      return status === 'published' || status === 'closed';
    case 'close':
      return status === 'published';
    case 'reopen':
      return status === 'closed';
    case 'finish':
      return (status === 'published' || status === 'closed') && !finished;
    case 'restart':
      return status !== 'draft' && status !== 'scheduled';
    case 'showResults':
    case 'hideResults':
      return true;
  }
}

/** E5.34: rows are addable (empty at the end) … */
export function addAnswerRow(values: PollFormValues, after?: number): PollFormValues {
  if (values.answers.length >= POLL_MAX_ANSWERS) return values;
  const at = after === undefined ? values.answers.length : after + 1;
  const answers = [...values.answers];
  answers.splice(at, 0, { text: '' });
  return { ...values, answers };
}

/** … and removable, never below one row (E5.33). */
export function removeAnswerRow(values: PollFormValues, index: number): PollFormValues {
  if (values.answers.length <= 1) return values;
  return { ...values, answers: values.answers.filter((_, i) => i !== index) };
}

/** E5.35: Enter in an answer adds the next row (and focuses it); other keys do nothing special. */
export function answerKeyAction(key: { key: string; isComposing?: boolean }): 'addRow' | null {
  return key.key === 'Enter' && !key.isComposing ? 'addRow' : null;
}

/** The one POST event/poll path serves both: a body with `action` is an action. */
export function isPollActionBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'action' in body;
}
