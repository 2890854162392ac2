import { describe, expect, it } from 'vitest';
import { isSafeUrl } from './sanitize';

describe('isSafeUrl', () => {
  it('keeps our paths, anchors, web, mail and phone links', () => {
    for (const url of ['/terms', '#rights', 'faq', 'https://example.org', 'mailto:a@b.c', 'tel:+1']) {
      expect(isSafeUrl(url), url).toBe(true);
    }
  });

  it('drops script and data URLs, however they are disguised', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:x',
      'data:text/html,x',
      'vbscript:x',
    ]) {
      expect(isSafeUrl(url), url).toBe(false);
    }
  });
});
