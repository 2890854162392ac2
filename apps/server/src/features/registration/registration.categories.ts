import type { RegistrationField, RegistrationFieldValue } from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { CategoriesTable, DB } from '../../db/schema';

type CategoryRow = Pick<CategoriesTable, 'name' | 'max_selectable'> & {
  id: number;
  parent_id: number | null;
};

const norm = (text: string) => text.trim().toLocaleLowerCase('en');

/**
 * Issue 15: a registration question that is also a profile question (a field named or labelled like
 * the event's "Industry" category) is asked once: its answer becomes the participant's choice in that
 * category, so the profile wizard shows it filled in instead of asking again. Answers that are not one
 * of the category's options, or more than it allows, are left to the wizard.
 *
 * Returns the participant's category ids with those questions' options replaced by the answers.
 */
export async function categoryIdsFromFields(
  trx: Transaction<DB>,
  eventId: number,
  form: readonly RegistrationField[],
  values: Record<string, RegistrationFieldValue> | undefined,
  current: readonly number[],
): Promise<number[]> {
  if (!values || form.length === 0) return [...current];
  const rows: CategoryRow[] = await trx
    .selectFrom('categories')
    .select(['id', 'parent_id', 'name', 'max_selectable'])
    .where('event_id', '=', eventId)
    .where('kind', '=', 'participant')
    .where('type', '=', 'select')
    // Held to the commit (FOR KEY SHARE, in id order as a delete takes them): an option the console
    // deletes meanwhile is waited for and then not found, never written onto the new person after
    // the delete unset it on everyone else.
    .orderBy('id')
    .forKeyShare()
    .execute();
  const questions = rows.filter((row) => row.parent_id === null);
  let ids = [...current];
  for (const field of form) {
    const names = new Set([norm(field.fieldName), norm(field.label ?? field.fieldName)]);
    const question = questions.find((q) => names.has(norm(q.name)));
    const answer = values[field.fieldName];
    if (!question || answer === undefined) continue;
    const options = rows.filter((row) => row.parent_id === question.id);
    const wanted = (Array.isArray(answer) ? answer : [answer]).map(norm);
    const chosen = options.filter((o) => wanted.includes(norm(o.name))).map((o) => o.id);
    if (chosen.length === 0) continue;
    if (question.max_selectable !== null && chosen.length > question.max_selectable) continue;
    const optionIds = new Set(options.map((o) => o.id));
    ids = [...ids.filter((id) => !optionIds.has(id)), ...chosen];
  }
  return ids;
}
