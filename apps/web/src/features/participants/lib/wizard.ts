import {
  type CategoryQuestion,
  type CategoryValueInput,
  type ParticipantProfile,
  PROFILE_COMPLETE_POINTS,
  profilePoints,
  type UpdateEventProfileRequest,
  type WizardStep,
  websiteSchema,
} from '@foyer/contract';
import type { TranslationKey } from '../../../i18n/keys';

/** What the profile wizard edits (E2.74): one field set per step. */
export interface WizardForm {
  company: string;
  jobTitle: string;
  website: string;
  city: string;
  linkedin: string;
  biography: string;
  /** Listed in the attendee directory (E3.01 visible). */
  visible: boolean;
  offer: string;
  seek: string;
  typeId: number | null;
  /** Question id → chosen option ids (select questions). */
  selected: Record<number, number[]>;
  /** Question id → answer (text questions). */
  texts: Record<number, string>;
}

/** A message for the user: an i18n key and its values. */
export interface StepError {
  key: TranslationKey;
  values?: Record<string, string | number>;
  /** The question it belongs to (categories step). */
  categoryId?: number;
  /** The field it belongs to (company step). */
  field?: 'website';
}

export function formFromProfile(profile: ParticipantProfile): WizardForm {
  const selected: Record<number, number[]> = {};
  const texts: Record<number, string> = {};
  for (const value of profile.categories) {
    if (value.type === 'text') texts[value.categoryId] = value.value ?? '';
    else selected[value.categoryId] = [...(value.selectedCategoryIds ?? [])];
  }
  return {
    company: profile.company,
    jobTitle: profile.jobTitle,
    website: profile.website,
    city: profile.city,
    linkedin: profile.some?.linkedin ?? '',
    biography: profile.biography,
    visible: profile.visible,
    offer: profile.offer,
    seek: profile.seek,
    typeId: profile.typeId,
    selected,
    texts,
  };
}

export function categoryInputs(
  form: WizardForm,
  questions: readonly CategoryQuestion[],
): CategoryValueInput[] {
  return questions.map((q) =>
    q.type === 'text'
      ? { categoryId: q.categoryId, value: (form.texts[q.categoryId] ?? '').trim() }
      : { categoryId: q.categoryId, selectedCategoryIds: form.selected[q.categoryId] ?? [] },
  );
}

const NETWORKS = ['facebook', 'twitter', 'instagram', 'linkedin'] as const;

/** The saved social links with LinkedIn as typed (the others are kept as they are). */
function socialLinks(saved: Record<string, string> | undefined, linkedin: string) {
  const some: Partial<Record<(typeof NETWORKS)[number], string>> = {};
  for (const network of NETWORKS) if (saved?.[network]) some[network] = saved[network];
  if (linkedin.trim()) some.linkedin = linkedin.trim();
  else delete some.linkedin;
  return some;
}

/** PUT /event/participant (E7.28) with the fields of one step; `saved` is the profile as stored. */
export function stepRequest(
  eventId: number,
  step: WizardStep,
  form: WizardForm,
  questions: readonly CategoryQuestion[],
  saved?: Pick<ParticipantProfile, 'some' | 'visible'>,
): UpdateEventProfileRequest {
  switch (step) {
    case 'company': {
      const request: UpdateEventProfileRequest = {
        eventId,
        company: form.company.trim(),
        jobTitle: form.jobTitle.trim(),
        website: form.website.trim(),
        city: form.city.trim(),
        biography: form.biography.trim(),
        some: socialLinks(saved?.some, form.linkedin),
      };
      // Sent only when changed: sending it records that the user chose (visibleSetByUser).
      if (saved && form.visible !== saved.visible) request.visible = form.visible;
      return request;
    }
    case 'offerSeek':
      return { eventId, offer: form.offer.trim(), seek: form.seek.trim() };
    case 'participantType':
      return { eventId, typeId: form.typeId };
    case 'categories':
      return { eventId, categories: categoryInputs(form, questions) };
  }
}

/** E5.04, E5.05: the most options a question takes, or null when it takes any number. */
export function maxOptions(q: CategoryQuestion): number | null {
  if (q.type === 'text') return null;
  if (!q.isMulti) return 1;
  return q.maxSelectableOptionCount;
}

/** E5.05: "(Max N)" is shown when the question has more options than may be chosen. */
export function showsMax(q: CategoryQuestion): boolean {
  const max = maxOptions(q);
  return max !== null && q.isMulti && q.subCategories.length > max;
}

/** E5.06, E5.07, E5.01, E3.01: what stops the user leaving a step; empty when they may go on. */
export function stepErrors(
  step: WizardStep,
  form: WizardForm,
  questions: readonly CategoryQuestion[],
  hasTypes: boolean,
): StepError[] {
  if (step === 'company') {
    // E3.01: a website the server would refuse, said under its field (the input stops at 300 characters).
    const website = websiteSchema.safeParse(form.website);
    return website.error?.issues.some((issue) => issue.message === 'validation.error.url')
      ? [{ key: 'validation.error.url', field: 'website' }]
      : [];
  }
  if (step === 'participantType') {
    return hasTypes && form.typeId === null ? [{ key: 'attendees.wizard.typeRequired' }] : [];
  }
  if (step !== 'categories') return [];
  const errors: StepError[] = [];
  for (const q of questions) {
    const max = maxOptions(q);
    const chosen = form.selected[q.categoryId] ?? [];
    if (max !== null && chosen.length > max) {
      errors.push({
        key: 'attendees.wizard.tooManyOptions',
        values: { count: chosen.length, max },
        categoryId: q.categoryId,
      });
      continue;
    }
    const empty = q.type === 'text' ? !(form.texts[q.categoryId] ?? '').trim() : chosen.length === 0;
    if (q.required && empty) {
      errors.push({ key: 'attendees.wizard.required', values: { name: q.name }, categoryId: q.categoryId });
    }
  }
  return errors;
}

/** E9.46: points of the profile as the form now stands (a point per filled part). */
export function formPoints(form: WizardForm, profilePhoto: string | null): number {
  const categoryCount =
    Object.values(form.selected).filter((ids) => ids.length > 0).length +
    Object.values(form.texts).filter((text) => text.trim() !== '').length;
  return profilePoints({
    profilePhoto,
    jobTitle: form.jobTitle,
    company: form.company,
    offer: form.offer,
    seek: form.seek,
    biography: form.biography,
    typeId: form.typeId,
    categoryCount,
  });
}

/** The completeness indicator: points out of 5 (more points still show 5 of 5), as a percentage too. */
export function completeness(points: number): {
  shown: number;
  of: number;
  percent: number;
  complete: boolean;
} {
  const shown = Math.max(0, Math.min(points, PROFILE_COMPLETE_POINTS));
  return {
    shown,
    of: PROFILE_COMPLETE_POINTS,
    percent: Math.round((shown / PROFILE_COMPLETE_POINTS) * 100),
    complete: points >= PROFILE_COMPLETE_POINTS,
  };
}

/** E2.76–E2.78: where the user goes once the wizard is done (the event's index page). */
export function afterWizardPath(eventId: number, indexPagePath: string): string {
  const page = indexPagePath.replace(/^\/+|\/+$/g, '');
  return page ? `/event/${eventId}/${page}` : `/event/${eventId}/`;
}
