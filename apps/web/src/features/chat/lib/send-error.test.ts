import { ErrorCode, LOCALES } from '@foyer/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../../i18n';
import { i18n } from '../../../i18n/translator';
import { ApiError } from '../../../lib/api-client';
import { isKeyReused, sendErrorText } from './send-error';

const files = import.meta.glob<Catalogue>('../../../i18n/locales/*/chat.json', {
  eager: true,
  import: 'default',
});
const catalogue = (lang: string) =>
  Object.entries(files).find(([path]) => path.includes(`/locales/${lang}/`))?.[1] ?? {};

beforeAll(() => {
  i18n.init({ lng: 'en', resources: Object.fromEntries(LOCALES.map((lang) => [lang, catalogue(lang)])) });
});

describe('a chat message that could not be sent', () => {
  const reused = new ApiError(
    409,
    ErrorCode.ChatClientKeyReused,
    'This client key was sent with another message',
  );

  it('E7.58 a key the server refused for another text has its own text in every language', () => {
    const texts = LOCALES.map((lang) => sendErrorText(i18n.getFixedT(lang), reused));
    for (const [i, text] of texts.entries()) {
      expect(text, LOCALES[i]).not.toContain('chat.composer.error');
      expect(text, LOCALES[i]).not.toBe(reused.message);
    }
    expect(new Set(texts).size).toBe(LOCALES.length);
    expect(isKeyReused(reused)).toBe(true);
  });

  it('any other failure shows the server’s words, and keeps its key', () => {
    const other = new ApiError(404, ErrorCode.NotFound, 'Chat room not found');
    expect(sendErrorText(i18n.getFixedT('ru'), other)).toBe('Chat room not found');
    expect(isKeyReused(other)).toBe(false);
    expect(isKeyReused(new Error('offline'))).toBe(false);
  });
});
