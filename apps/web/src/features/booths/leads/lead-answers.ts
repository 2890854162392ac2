import type { LeadQuestion } from '@foyer/contract';

/**
 * A lead's answers once the booth's questions changed after it was answered (an option removed or
 * renamed, a text question made a choice). The server keeps such an answer as it was and checks
 * only answers being changed (leads.service.ts, checkedAnswers); the form shows it as given, marked,
 * instead of an empty choice that looks unanswered, and sends only what the member changed.
 */

/** A choice's stored answer that is not (any longer) one of its options. */
export function isStaleAnswer(question: LeadQuestion, answer: string | undefined): boolean {
  return question.kind === 'choice' && !!answer && !question.options.includes(answer);
}

/** The choice's items: its options, then a stale answer (kept, so it shows) with `staleLabel`. */
export function choiceItems(
  question: LeadQuestion,
  answer: string | undefined,
  staleLabel: (answer: string) => string,
): { value: string; label: string }[] {
  const items = question.options.map((option) => ({ value: option, label: option }));
  return answer && isStaleAnswer(question, answer)
    ? [...items, { value: answer, label: staleLabel(answer) }]
    : items;
}

/** The answers to send: those of the questions asked that differ from what is stored ('' clears). */
export function answersToSave(
  questions: readonly LeadQuestion[],
  stored: Record<string, string>,
  edited: Record<string, string>,
): Record<string, string> {
  const changed: Record<string, string> = {};
  for (const q of questions) {
    const id = String(q.id);
    const value = edited[id] ?? '';
    if (value !== (stored[id] ?? '')) changed[id] = value;
  }
  return changed;
}
