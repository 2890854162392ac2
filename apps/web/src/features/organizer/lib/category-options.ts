import type { EventCategory } from '@foyer/contract';

/**
 * The choosable categories, as the server allows them: every one that is not a group of others, nor
 * a text question or anything under one. Options are listed under their question ("Industry"), as
 * the attendee directory's filter lists them; a category without options stands on its own.
 */
export function categoryOptions(categories: EventCategory[]) {
  const groups = new Set(categories.map((c) => c.parentId).filter((id) => id !== null));
  const text = new Set(categories.filter((c) => c.type === 'text').map((c) => c.id));
  const choosable = categories.filter(
    (c) => !groups.has(c.id) && !text.has(c.id) && !(c.parentId !== null && text.has(c.parentId)),
  );
  const item = (c: EventCategory) => ({ value: String(c.id), label: c.name });
  const alone = choosable.filter((c) => c.parentId === null).map(item);
  const grouped = categories
    .filter((c) => groups.has(c.id))
    .map((parent) => ({
      group: parent.name,
      items: choosable.filter((c) => c.parentId === parent.id).map(item),
    }))
    .filter((g) => g.items.length > 0);
  return [...alone, ...grouped];
}
