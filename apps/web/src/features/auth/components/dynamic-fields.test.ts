import type { RegistrationField } from '@foyer/contract';
import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { useForm } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import enAccess from '../../../i18n/locales/en/access.json';
import esAccess from '../../../i18n/locales/es/access.json';
import { i18n } from '../../../i18n/translator';
import { DynamicFields, fieldLabel } from './dynamic-fields';
import { emptyRegistration, type RegistrationValues } from './registration-schema';

beforeAll(async () => {
  i18n.init({
    lng: 'en',
    resources: { en: enAccess, es: esAccess },
  });
});
afterEach(async () => {
  i18n.changeLanguage('en');
});

/** The registration form's dynamic part, with its own react-hook-form state. */
function Fields({ form }: { form: RegistrationField[] }) {
  const { control, register } = useForm<RegistrationValues>({ defaultValues: emptyRegistration(form) });
  return createElement(DynamicFields, { form, control, register, errors: undefined });
}

/** The event's fields as the registration form renders them (in node: HTML, no DOM). */
const renderFields = (form: RegistrationField[]): string =>
  renderToString(createElement(MantineProvider, null, createElement(Fields, { form })));

/** The text of some HTML as assistive technology reads it: without aria-hidden parts (e.g. the asterisk). */
const textOf = (html: string) =>
  html
    .replace(/<(\w+)[^>]*aria-hidden="true"[^>]*>.*?<\/\1>/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .trim();

/** What a screen reader names the input with data-testid `reg-field-<index>`: its <label>'s text. */
function accessibleName(html: string, index: number): string | undefined {
  const input = new RegExp(`<input[^>]*data-testid="reg-field-${index}"[^>]*>`).exec(html)?.[0];
  const id = input && /\bid="([^"]+)"/.exec(input)?.[1];
  if (!id) return undefined;
  const label = new RegExp(`<label[^>]*for="${id}"[^>]*>(.*?)</label>`).exec(html)?.[1];
  return label === undefined ? undefined : textOf(label);
}

/** The label element of the input with data-testid `reg-field-<index>`, as HTML. */
function labelHtml(html: string, index: number): string {
  const input = new RegExp(`<input[^>]*data-testid="reg-field-${index}"[^>]*>`).exec(html)?.[0] ?? '';
  const id = /\bid="([^"]+)"/.exec(input)?.[1] ?? '-';
  return new RegExp(`<label[^>]*for="${id}"[^>]*>.*?</label>`).exec(html)?.[0] ?? '';
}

/** Mantine's required asterisk (hidden from screen readers, so not part of the name). */
const hasAsterisk = (label: string) => /class="[^"]*InputWrapper-required/.test(label);

describe('registration field labels', () => {
  it('A5.14 messages name a dynamic field by what the form shows, not its fieldName', () => {
    expect(fieldLabel({ fieldName: 'industry', label: 'Your industry' })).toBe('Your industry');
    expect(fieldLabel({ fieldName: 'industry' })).toBe('Industry');
    expect(fieldLabel({ fieldName: 'industry', label: '  ' })).toBe('Industry');
  });

  it('E5.02 a required field with requiredLabel shows (required) in its label, without an asterisk', () => {
    const html = renderFields([
      { fieldName: 'diet', label: 'Diet', type: 'text', required: true, requiredLabel: true },
    ]);
    expect(accessibleName(html, 0)).toBe('Diet (required)');
    expect(hasAsterisk(labelHtml(html, 0))).toBe(false);
    expect(html).toMatch(/<input[^>]*data-testid="reg-field-0"[^>]*required/);
  });

  it('E5.02 an optional field with requiredLabel shows (optional), for every field type', () => {
    const html = renderFields([
      { fieldName: 'company', type: 'text', required: false, requiredLabel: true },
      {
        fieldName: 'diet',
        label: 'Diet',
        type: 'select',
        required: false,
        requiredLabel: true,
        dataList: ['Any'],
      },
      { fieldName: 'news', label: 'News', type: 'checkbox', required: false, requiredLabel: true },
      {
        fieldName: 'topics',
        label: 'Topics',
        type: 'multiselect',
        required: true,
        requiredLabel: true,
        dataList: ['AI'],
      },
    ]);
    expect(accessibleName(html, 0)).toBe('Company (optional)');
    expect(accessibleName(html, 1)).toBe('Diet (optional)');
    expect(accessibleName(html, 2)).toBe('News (optional)');
    expect(html).toContain('Topics (required)');
  });

  it('E5.02 without requiredLabel the label is the plain text, with the asterisk when required', () => {
    const html = renderFields([
      { fieldName: 'diet', label: 'Diet', type: 'text', required: true },
      { fieldName: 'city', label: 'City', type: 'text', required: false, requiredLabel: false },
    ]);
    expect(accessibleName(html, 0)).toBe('Diet');
    expect(hasAsterisk(labelHtml(html, 0))).toBe(true);
    expect(accessibleName(html, 1)).toBe('City');
    expect(hasAsterisk(labelHtml(html, 1))).toBe(false);
    expect(html).not.toContain('(required)');
    expect(html).not.toContain('(optional)');
  });

  it('E5.02 the (required)/(optional) text follows the chosen language', async () => {
    i18n.changeLanguage('es');
    const html = renderFields([
      { fieldName: 'diet', label: 'Dieta', type: 'text', required: true, requiredLabel: true },
      { fieldName: 'city', label: 'Ciudad', type: 'text', required: false, requiredLabel: true },
    ]);
    expect(accessibleName(html, 0)).toBe('Dieta (obligatorio)');
    expect(accessibleName(html, 1)).toBe('Ciudad (opcional)');
  });
});
