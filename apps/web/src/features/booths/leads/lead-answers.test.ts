import type { LeadQuestion } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { answersToSave, choiceItems, isStaleAnswer } from './lead-answers';

const interest: LeadQuestion = {
  id: 1,
  label: 'Interested in',
  kind: 'choice',
  options: ['Rockets', 'Fuel'],
};
const timeline: LeadQuestion = { id: 2, label: 'Timeline', kind: 'text', options: [] };
const stale = (answer: string) => `${answer} (no longer an option)`;

describe('a lead’s answers after its questions changed', () => {
  it('an answer that is no longer one of the options is kept in the choice, marked, not hidden', () => {
    expect(isStaleAnswer(interest, 'Water')).toBe(true);
    expect(isStaleAnswer(interest, 'Fuel')).toBe(false);
    expect(isStaleAnswer(interest, undefined)).toBe(false);
    expect(isStaleAnswer(timeline, 'Whenever')).toBe(false);
    expect(choiceItems(interest, 'Water', stale)).toEqual([
      { value: 'Rockets', label: 'Rockets' },
      { value: 'Fuel', label: 'Fuel' },
      { value: 'Water', label: 'Water (no longer an option)' },
    ]);
    expect(choiceItems(interest, 'Fuel', stale)).toEqual([
      { value: 'Rockets', label: 'Rockets' },
      { value: 'Fuel', label: 'Fuel' },
    ]);
  });

  it('a save sends only the answers changed, so one left as it was is never checked again nor lost', () => {
    const stored = { '1': 'Water', '2': 'Soon', '9': 'A deleted question’s answer' };
    expect(answersToSave([interest, timeline], stored, { ...stored, '2': 'Next spring' })).toEqual({
      '2': 'Next spring',
    });
    expect(answersToSave([interest, timeline], stored, { '2': 'Soon' })).toEqual({ '1': '' });
    expect(answersToSave([interest, timeline], stored, stored)).toEqual({});
  });
});
