/**
 * "People to meet": a small, explainable matcher. Offer and seek texts are mapped onto a hand-made
 * lexicon of networking concepts (funding, hiring, customers, …), so "investors" meets "seed
 * funding" without any external AI service. Pure: no database, no clock.
 */

import type { RecommendationReason } from '@foyer/contract';

const CONCEPTS: Record<string, readonly string[]> = {
  funding: [
    'invest',
    'investor',
    'investment',
    'funding',
    'fund',
    'seed',
    'capital',
    'vc',
    'venture',
    'angel',
    'fundraising',
    'financing',
    'grant',
  ],
  hiring: [
    'hire',
    'hiring',
    'job',
    'talent',
    'recruit',
    'recruiting',
    'recruitment',
    'career',
    'developer',
    'engineer',
    'candidate',
  ],
  customers: [
    'customer',
    'client',
    'buyer',
    'sale',
    'sales',
    'lead',
    'distribution',
    'distributor',
    'reseller',
    'retailer',
  ],
  partners: ['partner', 'partnership', 'collaboration', 'alliance', 'cofounder', 'joint'],
  suppliers: ['supplier', 'vendor', 'manufacturing', 'manufacturer', 'sourcing', 'supply', 'logistics'],
  mentoring: [
    'mentor',
    'mentoring',
    'mentorship',
    'advice',
    'advisor',
    'advisory',
    'coaching',
    'coach',
    'expertise',
  ],
  software: ['software', 'saas', 'platform', 'app', 'api', 'cloud', 'integration', 'tool'],
  data: ['ai', 'ml', 'data', 'analytics', 'learning', 'intelligence'],
  marketing: ['marketing', 'branding', 'brand', 'pr', 'advertising', 'growth', 'seo', 'media', 'promotion'],
  legal: ['legal', 'law', 'lawyer', 'compliance', 'patent', 'regulation', 'regulatory'],
  consulting: ['consulting', 'consultant', 'strategy', 'service'],
  pilots: ['pilot', 'beta', 'tester', 'feedback', 'trial', 'proof'],
};

const STOP = new Set([
  'and',
  'the',
  'for',
  'with',
  'from',
  'that',
  'this',
  'looking',
  'seeking',
  'offer',
  'offering',
  'our',
  'your',
  'who',
  'are',
  'new',
  'into',
]);

const normalize = (word: string) => word.replace(/(ies)$/, 'y').replace(/(?<=[a-z]{3})s$/, '');

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const TERM_TO_CONCEPT = new Map<string, string>();
for (const [concept, terms] of Object.entries(CONCEPTS))
  for (const t of terms) TERM_TO_CONCEPT.set(t, concept);

function conceptOf(word: string): string | undefined {
  return TERM_TO_CONCEPT.get(word) ?? TERM_TO_CONCEPT.get(normalize(word));
}

/** Concept → the phrase that named it, e.g. funding → "seed funding" (adjacent words of one concept). */
export function conceptsIn(text: string): Map<string, string> {
  const list = words(text);
  const found = new Map<string, string>();
  for (let i = 0; i < list.length; i++) {
    const concept = conceptOf(list[i] as string);
    if (!concept || found.has(concept)) continue;
    let end = i;
    while (end + 1 < list.length && conceptOf(list[end + 1] as string) === concept) end++;
    found.set(concept, list.slice(i, end + 1).join(' '));
  }
  return found;
}

/** Terms to look for in others' texts when I mention these concepts (for the database prefilter). */
export function expansionTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const concept of conceptsIn(text).keys()) for (const t of CONCEPTS[concept] ?? []) terms.add(t);
  for (const w of words(text)) if (w.length >= 4 && !STOP.has(w)) terms.add(normalize(w));
  return [...terms].slice(0, 60);
}

export interface MatchPerson {
  id: number;
  name: string;
  offer: string;
  seek: string;
  categoryIds: readonly number[];
}

export interface Match {
  id: number;
  score: number;
  reasons: string[];
  details: RecommendationReason[];
}

function sharedWords(a: string, b: string): string[] {
  const right = new Set(
    words(b)
      .filter((w) => w.length >= 4 && !STOP.has(w))
      .map(normalize),
  );
  const shared = new Set<string>();
  for (const w of words(a)) if (w.length >= 4 && !STOP.has(w) && right.has(normalize(w))) shared.add(w);
  return [...shared];
}

/** How well `them` fits `me`, with the reasons a person can read. */
export function scoreMatch(
  me: MatchPerson,
  them: MatchPerson,
  categoryNames: ReadonlyMap<number, string>,
): Match {
  let score = 0;
  const reasons: string[] = [];
  const details: RecommendationReason[] = [];
  const mySeek = conceptsIn(me.seek);
  const myOffer = conceptsIn(me.offer);
  const theirOffer = conceptsIn(them.offer);
  const theirSeek = conceptsIn(them.seek);
  for (const [concept, phrase] of mySeek) {
    const theirs = theirOffer.get(concept);
    if (!theirs) continue;
    score += 3;
    reasons.push(`You seek ${phrase}; ${them.name} offers ${theirs}`);
    details.push({ kind: 'youSeek', name: them.name, seek: phrase, offer: theirs });
  }
  for (const [concept, phrase] of theirSeek) {
    const mine = myOffer.get(concept);
    if (!mine) continue;
    score += 3;
    reasons.push(`${them.name} seeks ${phrase}; you offer ${mine}`);
    details.push({ kind: 'theySeek', name: them.name, seek: phrase, offer: mine });
  }
  if (reasons.length === 0) {
    const overlap = [...sharedWords(me.seek, them.offer), ...sharedWords(them.seek, me.offer)].slice(0, 3);
    if (overlap.length) {
      score += overlap.length;
      reasons.push(`Your offer and seek share: ${overlap.join(', ')}`);
      details.push({ kind: 'sharedWords', words: overlap });
    }
  }
  const mine = new Set(me.categoryIds);
  const shared = them.categoryIds.filter((id) => mine.has(id));
  if (shared.length) {
    score += shared.length;
    const names = shared.map((id) => categoryNames.get(id)).filter((n): n is string => Boolean(n));
    reasons.push(`You share interests: ${names.slice(0, 3).join(', ')}`);
    details.push({ kind: 'sharedInterests', names: names.slice(0, 3) });
  }
  return { id: them.id, score, reasons, details };
}
