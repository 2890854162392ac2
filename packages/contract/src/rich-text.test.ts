import { describe, expect, it } from 'vitest';
import { isRichTextUrl, looksLikeHtml, plainToRichText } from './rich-text';

describe('E2.71 rich text helpers', () => {
  it('tells HTML from plain text that merely has "<" or "&"', () => {
    expect(looksLikeHtml('<p>Hi</p>')).toBe(true);
    expect(looksLikeHtml('Hello<br>world')).toBe(true);
    expect(looksLikeHtml('<a href="https://x.org">x</a>')).toBe(true);
    expect(looksLikeHtml('Q&A: 1 < 2 and 3 > 2')).toBe(false);
    expect(looksLikeHtml('x<y')).toBe(false);
    expect(looksLikeHtml('')).toBe(false);
  });

  it('opens plain text as one escaped paragraph per line, and leaves HTML alone', () => {
    expect(plainToRichText('Tom & Jerry\n\n<3')).toBe('<p>Tom &amp; Jerry</p><p></p><p>&lt;3</p>');
    expect(plainToRichText('  ')).toBe('');
    expect(plainToRichText('<p>Kept</p>')).toBe('<p>Kept</p>');
  });

  it('keeps web, mail, phone and own-path links; drops script, data and protocol-relative ones', () => {
    for (const url of ['https://example.org', 'http://x.y', 'mailto:a@b.c', 'tel:+1', '/event/1', '#top']) {
      expect(isRichTextUrl(url), url).toBe(true);
    }
    for (const url of [
      'javascript:alert(1)',
      ' JaVa\tScript:x',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example',
      // Browsers read a backslash in a web address as a slash: these are protocol-relative too.
      '/\\evil.example',
      '\\\\evil.example',
      ' \\/evil.example',
    ]) {
      expect(isRichTextUrl(url), url).toBe(false);
    }
  });
});
