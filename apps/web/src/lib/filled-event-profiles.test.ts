import type { EventMe } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { needsWizard } from './filled-event-profiles';

const me = (patch: Partial<EventMe> = {}): EventMe => ({
  id: 7,
  typeId: 1,
  boothId: null,
  organizer: false,
  organizerRole: null,
  profilePhoto: null,
  checkInAdmin: false,
  rights: {},
  profileFilled: false,
  profileComplete: false,
  ...patch,
});
const event = (patch: Partial<EventMe> | null = {}, isFinished = false) => ({
  id: 3,
  isFinished,
  me: patch === null ? null : me(patch),
});

describe('the wizard on arrival (issue 15)', () => {
  it('sends an attendee with an unfinished, incomplete profile of a running event to the wizard', () => {
    expect(needsWizard(event(), [])).toBe(true);
  });

  it('A4.43 not once the wizard was finished on any device, nor in this browser', () => {
    expect(needsWizard(event({ profileFilled: true }), [])).toBe(false);
    expect(needsWizard(event(), [3])).toBe(false);
    expect(needsWizard(event(), [4])).toBe(true);
  });

  it('not for a profile that is already complete, staff, organizers, outsiders or a finished event', () => {
    expect(needsWizard(event({ profileComplete: true }), [])).toBe(false);
    expect(needsWizard(event({ organizer: true }), [])).toBe(false);
    expect(needsWizard(event({ checkInAdmin: true }), [])).toBe(false);
    expect(needsWizard(event(null), [])).toBe(false);
    expect(needsWizard(event({}, true), [])).toBe(false);
  });
});
