import type { ConsoleEventDetails, RegistrationField, UpdateEventRequest } from '@foyer/contract';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import organizer from '../../../i18n/locales/en/organizer.json';
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

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: organizer } },
    interpolation: { escapeValue: false },
  });
});

function renderBuilder(registrationForm: RegistrationField[]): string {
  const event = { id: 7, registrationForm } as unknown as ConsoleEventDetails; // only what the builder reads
  return renderToString(createElement(MantineProvider, null, createElement(FormBuilderSettings, { event })));
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
