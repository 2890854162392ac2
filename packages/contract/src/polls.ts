import { z } from 'zod';
import { idSchema } from './common';
import {
  POLL_ANSWER_MAX_LENGTH,
  POLL_MAX_ANSWERS,
  POLL_QUESTION_MAX_LENGTH,
  pollActions,
} from './polls-rules';
import { postAtSchema } from './posts';

/** Polls (E2.48, E2.69, E3.27, E4.58–E4.61, E5.31–E5.35, E6.35, E7.45–E7.49, E7.81). */

export const pollActionSchema = z.enum(pollActions);
export type PollAction = z.infer<typeof pollActionSchema>;

/**
 * draft: only moderators see it (scheduled when postAt is ahead); published: open for votes;
 * closed: shown, votes stopped (finished once `finishedAt` is set).
 */
export const pollStatusSchema = z.enum(['draft', 'scheduled', 'published', 'closed']);
export type PollStatus = z.infer<typeof pollStatusSchema>;

export const pollAnswerSchema = z.object({
  id: z.number(),
  text: z.string(),
});
export type PollAnswer = z.infer<typeof pollAnswerSchema>;

export const pollResultSchema = z.object({
  answerId: z.number(),
  votes: z.number(),
});
export type PollResult = z.infer<typeof pollResultSchema>;

export const pollSchema = z.object({
  id: z.number(),
  eventId: z.number(),
  question: z.string(),
  answers: z.array(pollAnswerSchema),
  /** Several answers per ballot. */
  multiple: z.boolean(),
  autoPublishResults: z.boolean(),
  postAt: z.string().nullable(),
  status: pollStatusSchema,
  resultsVisible: z.boolean(),
  publishedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  totalVoters: z.number(),
  /** Null when the caller may not see them (see pollResultsVisible). */
  results: z.array(pollResultSchema).nullable(),
  /** The caller's ballot; null before voting (and in realtime pushes, which are the same for all). */
  myAnswers: z.array(z.number()).nullable(),
});
export type Poll = z.infer<typeof pollSchema>;

/** Live results on newEvents/{eventId}: `results` is null while attendees may not see them. */
export const pollResultsRecordSchema = z.object({
  pollId: z.number(),
  totalVoters: z.number(),
  results: z.array(pollResultSchema).nullable(),
});
export type PollResultsRecord = z.infer<typeof pollResultsRecordSchema>;

export const pollChangedRecordSchema = z.object({
  action: z.union([pollActionSchema, z.literal('created'), z.literal('updated'), z.literal('deleted')]),
  pollId: z.number(),
  /** The attendee view (no myAnswers); null for drafts and deletions, which attendees do not see. */
  poll: pollSchema.nullable(),
});
export type PollChangedRecord = z.infer<typeof pollChangedRecordSchema>;

// ---- the poll form (E5.31–E5.35) ----------------------------------------------------------------

export const pollFormValuesSchema = z.object({
  question: z.string(),
  answers: z.array(z.object({ id: z.number().optional(), text: z.string() })),
  autoPublishResults: z.boolean(),
  multiple: z.boolean(),
});
export type PollFormValues = z.infer<typeof pollFormValuesSchema>;

// ---- requests -----------------------------------------------------------------------------------

const answerText = z
  .string({ error: 'validation.error.required' })
  .trim()
  .min(1, 'validation.error.required') // E5.32
  .max(POLL_ANSWER_MAX_LENGTH, 'validation.error.maxLength');

const answerInput = z.union([answerText, z.strictObject({ id: idSchema.optional(), text: answerText })], {
  error: 'validation.error.required',
});

/** The shared form schema (the same rules as the request; E5.31–E5.33). */
export const pollForm = z.strictObject({
  question: z
    .string({ error: 'validation.error.required' })
    .trim()
    .min(1, 'validation.error.required') // E5.31
    .max(POLL_QUESTION_MAX_LENGTH, 'validation.error.maxLength'),
  answers: z
    .array(answerInput, { error: 'validation.error.required' })
    .min(1, 'validation.error.required') // E5.33
    .max(POLL_MAX_ANSWERS, 'validation.error.maxLength'),
  autoPublishResults: z.boolean({ error: 'validation.error.type' }).optional(),
  multiple: z.boolean({ error: 'validation.error.type' }).optional(),
});

/** POST /api/v1/event/poll without `action`: create (E7.45), or edit with `id` (E7.46). */
export const savePollRequest = pollForm.extend({
  eventId: idSchema,
  id: idSchema.optional(),
  postAt: postAtSchema.optional(),
});
export type SavePollRequest = z.infer<typeof savePollRequest>;

/** POST /api/v1/event/poll with `action` (E7.49); `publishResults` goes with finish (E4.60). */
export const pollActionRequest = z.strictObject({
  eventId: idSchema,
  id: idSchema,
  action: z.enum(pollActions, { error: 'validation.error.option' }),
  publishResults: z.boolean({ error: 'validation.error.type' }).optional(),
});
export type PollActionRequest = z.infer<typeof pollActionRequest>;

/** POST /api/v1/event/poll/submit (E7.48). */
export const submitPollRequest = z.strictObject({
  id: idSchema,
  eventId: idSchema,
  answers: z
    .array(idSchema)
    .min(1, 'validation.error.required')
    .max(POLL_MAX_ANSWERS, 'validation.error.maxLength'),
});
export type SubmitPollRequest = z.infer<typeof submitPollRequest>;

/** DELETE /api/v1/event/poll?id&eventId (E7.47). */
export const deletePollQuery = z.strictObject({ id: idSchema, eventId: idSchema });
/** GET /api/v1/event/poll?eventId. */
export const pollsQuery = z.strictObject({ eventId: idSchema });
export const pollParams = z.strictObject({ pollId: idSchema });
export const pollEventQuery = z.strictObject({ eventId: idSchema });
