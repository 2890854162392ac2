import type { ConsoleEventDetails, RegistrationField, UpdateEventRequest } from '@foyer/contract';
import { createElement, type ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import organizer from '../../../i18n/locales/en/organizer.json';
import { initEnglish, renderHtml } from '../../../lib/render.testing';
import { FormBuilderSettings } from './settings-form-builder';

const seen = vi.hoisted(() => ({ build: null as (() => UpdateEventRequest | null) | null }));

// The section's card saves through the API; here it only keeps what a save would send.
vi.mock('./settings-section', () => ({
  SettingsSection: ({
    build,
    children,
  }: {
    build: () => UpdateEventRequest | null;
    children: (errors: Record<string, string>) => ReactNode;
  }) => {
    seen.build = build;
    return children({});
  },
}));

beforeAll(() => initEnglish(organizer));

function renderBuilder(registrationForm: RegistrationField[]): string {
  const event = { id: 7, registrationForm } as unknown as ConsoleEventDetails; // only what the builder reads
  return renderHtml(createElement(FormBuilderSettings, { event }));
}

/** The requiredLabel tick boxes, in field order: whether each is ticked. */
const requiredLabelBoxes = (html: string) =>
  (html.match(/<input[^>]*data-testid="form-field-required-label"[^>]*>/g) ?? []).map((tag) =>
    / checked=""/.test(tag),
  );

describe('registration form builder', () => {
  it('E5.02 each field has a translated requiredLabel switch, and a save sends it only when set', () => {
    const html = renderBuilder([
      { fieldName: 'diet', label: 'Diet', type: 'text', required: true, requiredLabel: true },
      { fieldName: 'city', type: 'text', required: false },
    ]);
    expect(requiredLabelBoxes(html)).toEqual([true, false]);
    expect(html).toContain('Show “(required)” or “(optional)” after the question');
    expect(seen.build?.()?.registrationForm).toEqual([
      { fieldName: 'diet', label: 'Diet', type: 'text', required: true, requiredLabel: true },
      { fieldName: 'city', label: undefined, type: 'text', required: false },
    ]);
  });
});
