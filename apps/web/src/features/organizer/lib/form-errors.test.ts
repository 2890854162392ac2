import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/translator';
import { ApiError } from '../../../lib/api-client';
import {
  apiFieldErrors,
  type FieldErrors,
  hasFieldErrors,
  issueErrors,
  showFieldErrors,
} from './form-errors';

const t = i18n.t as Parameters<typeof issueErrors>[0];

beforeAll(async () => {
  i18n.init({
    lng: 'en',
    resources: {
      en: {
        'test.required': '{{name}} is required',
        'test.required.unnamed': 'This field is required',
        'test.bad': 'Bad value',
      },
    },
  });
});

describe('form error texts', () => {
  it('keeps the first issue of each top-level field, translated, with the field label', () => {
    const issues = [
      { path: ['name'], message: 'test.required' },
      { path: ['name'], message: 'test.bad' },
      { path: ['options', 0, 'name'], message: 'test.bad' },
      { path: ['url'], message: 'not a key' },
    ];
    expect(issueErrors(t, issues, (field) => `Field ${field}`)).toEqual({
      name: 'Field name is required',
      options: 'Bad value',
      url: 'not a key',
    });
    expect(issueErrors(t, [])).toEqual({});
  });

  it('translates the API field errors, by path or by top-level field', () => {
    const error = new ApiError(400, 'VALIDATION', 'Invalid', {
      'events.0': 'test.bad',
      name: 'test.required',
    });
    expect(apiFieldErrors(t, error)).toEqual({ 'events.0': 'Bad value', name: 'This field is required' });
    expect(apiFieldErrors(t, error, { topLevel: true, label: () => 'Name' })).toEqual({
      events: 'Bad value',
      name: 'Name is required',
    });
  });

  it('A5.14 never shows an internal field name or a bare {{name}} when no label is given', () => {
    const issues = [{ path: ['industry'], message: 'test.required' }];
    expect(issueErrors(t, issues)).toEqual({ industry: 'This field is required' });
    expect(issueErrors(t, issues, () => 'Industry')).toEqual({ industry: 'Industry is required' });
  });

  it("a save's onError puts the API's field errors under their fields and leaves other errors to the form", () => {
    const shown: FieldErrors[] = [];
    const onError = showFieldErrors(t, (errors) => shown.push(errors), { topLevel: true });
    onError(new ApiError(400, 'VALIDATION', 'Invalid', { 'options.1.name': 'test.bad' }));
    onError(new ApiError(409, 'CONFLICT', 'Changed meanwhile'));
    onError(new Error('offline'));
    expect(shown).toEqual([{ options: 'Bad value' }]);
  });

  it('has none for other errors', () => {
    const plain = new ApiError(500, 'UNKNOWN', 'Unknown error');
    expect(apiFieldErrors(t, plain)).toBeNull();
    expect(apiFieldErrors(t, new Error('boom'))).toBeNull();
    expect(hasFieldErrors(plain)).toBe(false);
    expect(hasFieldErrors(new ApiError(400, 'VALIDATION', 'Invalid', {}))).toBe(true);
  });
});
