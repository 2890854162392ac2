import type {
  CategoryQuestion,
  ParticipantCategoryValue,
  ParticipantProfile,
  ParticipantTag,
  ParticipantTypeOption,
} from '@foyer/contract';
import type { Selectable } from 'kysely';
import type { CategoriesTable, ParticipantRow, ParticipantTypesTable } from '../../db/schema';

type CategoryRow = Selectable<CategoriesTable>;

/** Top-level categories are questions; their children are the options (E3.06). */
export function toQuestions(rows: readonly CategoryRow[]): CategoryQuestion[] {
  return rows
    .filter((c) => c.parent_id === null)
    .map((q) => ({
      categoryId: q.id,
      name: q.name,
      type: q.type,
      isMulti: q.is_multi,
      maxSelectableOptionCount: q.max_selectable,
      required: q.required,
      isPrivate: q.is_private,
      subCategories: rows
        .filter((c) => c.parent_id === q.id)
        .map((c) => ({ categoryId: c.id, name: c.name })),
    }));
}

export function textValues(p: ParticipantRow): Record<string, string> {
  const raw = p.fields?.categoryValues;
  return raw && typeof raw === 'object' ? (raw as Record<string, string>) : {};
}

/** E3.03: the person's answers, one per question. */
export function categoryValues(
  p: ParticipantRow,
  questions: readonly CategoryQuestion[],
): ParticipantCategoryValue[] {
  const selected = new Set(p.category_ids);
  const texts = textValues(p);
  const values: ParticipantCategoryValue[] = [];
  for (const q of questions) {
    if (q.type === 'text') {
      const value = texts[String(q.categoryId)];
      if (value) values.push({ categoryId: q.categoryId, type: 'text', value });
      continue;
    }
    const ids = q.subCategories.map((s) => s.categoryId).filter((id) => selected.has(id));
    if (ids.length) values.push({ categoryId: q.categoryId, type: 'select', selectedCategoryIds: ids });
  }
  return values;
}

export function toTypeOption(t: Selectable<ParticipantTypesTable>): ParticipantTypeOption {
  return {
    id: t.id,
    name: t.name,
    allowedToModify: t.allowed_to_modify,
    participantTypeAtRegistration: t.at_registration,
  };
}

export function toProfile(
  p: ParticipantRow,
  extra: {
    questions: readonly CategoryQuestion[];
    typeName: string | null;
    booth: { name: string; images: Record<string, string | null> } | null;
    tags: ParticipantTag[];
    canInvite: boolean;
    /** Organizers and the person themselves see contact details. */
    full: boolean;
  },
): ParticipantProfile {
  // Private questions are the organizer's business (E3.06 isPrivate).
  const questions = extra.full ? extra.questions : extra.questions.filter((q) => !q.isPrivate);
  return {
    id: p.id,
    eventId: p.event_id,
    userId: p.user_id,
    name: p.name,
    surname: p.surname,
    fullName: `${p.name} ${p.surname}`.trim(),
    jobTitle: p.job_title,
    company: p.company,
    profilePhoto: p.profile_photo,
    boothId: p.booth_role === 'not_confirmed' ? null : p.booth_id,
    boothName: p.booth_role === 'not_confirmed' ? null : (extra.booth?.name ?? null),
    boothLogo: p.booth_role === 'not_confirmed' ? null : (extra.booth?.images.logo ?? null),
    typeId: p.type_id,
    participantType: extra.typeName,
    present: p.present,
    organizer: p.organizer,
    tags: extra.tags,
    canInvite: extra.canInvite,
    deleted: p.state === 'deleted',
    website: p.website,
    biography: p.biography,
    offer: p.offer,
    seek: p.seek,
    city: p.city,
    some: p.social_links ?? {},
    state: p.state,
    visible: p.visible,
    categories: categoryValues(p, questions),
    boothRole: p.booth_role,
    isSpeaker: p.is_speaker,
    lastPresenceConfirmTime: p.last_presence_confirm_at
      ? new Date(p.last_presence_confirm_at).toISOString()
      : null,
    userEmail: extra.full ? p.email : null,
    phone: extra.full ? p.phone : null,
    ticketId: extra.full ? p.ticket_id : null,
    rights: extra.full ? (p.rights ?? {}) : {},
  };
}
