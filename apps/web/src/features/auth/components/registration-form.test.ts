import { createElement } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import access from '../../../i18n/locales/en/access.json';
import { initEnglish, renderHtml } from '../../../lib/render.testing';
import { RegistrationForm } from './registration-form';
import type { RegistrationMode } from './registration-schema';

/** The two requests the form sends: event registration, or sign-up without an event. */
const pending = vi.hoisted(() => ({ register: false, signup: false }));
const mutation = (isPending: boolean) => ({ isPending, error: null, mutate: () => {} });
vi.mock('../api/register', () => ({ useRegister: () => mutation(pending.register) }));
vi.mock('../api/signup', () => ({ useSignup: () => mutation(pending.signup) }));

beforeAll(() => initEnglish(access));
beforeEach(() => {
  pending.register = false;
  pending.signup = false;
});

const renderForm = (eventId: number | null, mode: RegistrationMode = 'standard'): string =>
  renderHtml(createElement(RegistrationForm, { mode, eventId, onRegistered: () => {} }), '/registration');

/** The submit button's opening tag. */
const submitButton = (html: string): string =>
  /<button[^>]*data-testid="reg-submit"[^>]*>/.exec(html)?.[0] ?? '';
const isDisabled = (tag: string) => /\sdisabled=""/.test(tag);
const isLoading = (tag: string) => /\sdata-loading="true"/.test(tag);

describe('registration form', () => {
  it('A4.12 first the form, its Register button ready to press', () => {
    const html = renderForm(7);
    expect(html).toMatch(/<form[^>]*data-testid="registration-form"/);
    expect(html).toContain('Register');
    const button = submitButton(html);
    expect(button).toContain('type="submit"');
    expect(isDisabled(button)).toBe(false);
    expect(isLoading(button)).toBe(false);
  });

  it('A4.12 while the registration is sent the button is disabled and shows a loader', () => {
    pending.register = true;
    const button = submitButton(renderForm(7));
    expect(isDisabled(button)).toBe(true);
    expect(isLoading(button)).toBe(true);
  });

  it('A4.12 the same while a sign-up without an event is sent, and for pre-registration', () => {
    pending.signup = true;
    const signup = submitButton(renderForm(null));
    expect([isDisabled(signup), isLoading(signup)]).toEqual([true, true]);

    pending.signup = false;
    pending.register = true;
    const html = renderForm(7, 'prereg');
    expect(html).toContain('Pre-register');
    expect([isDisabled(submitButton(html)), isLoading(submitButton(html))]).toEqual([true, true]);
  });
});
