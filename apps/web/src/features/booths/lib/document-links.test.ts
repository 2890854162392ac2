import type { BoothDocument } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { documentLinks } from './document-links';

const doc = (url: string, type = 'document'): BoothDocument => ({ name: url, url, type });

describe('booth documents as links (E2.56)', () => {
  it('E2.56 a stored link with a dangerous scheme, hidden scheme or credentials is never an href', () => {
    // Rows saved before the rule may hold anything.
    const stored = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      '\u0001javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/x',
      '/\\evil.example/x',
      'https://acme.example@evil.example/x',
      'https://user:secret@acme.example/x',
    ].map((url) => doc(url));
    expect(documentLinks(stored)).toEqual([]);
  });

  it('E2.56 stored web links and own paths are linked as the rule writes them', () => {
    const links = documentLinks([
      doc('HTTPS://Acme.example/Deck.pdf'),
      doc('www.acme.example'),
      doc('https://bücher.example/katalog'),
      doc('/uploads/booth-documents/1-abc.pdf'),
    ]);
    expect(links.map((l) => l.href)).toEqual([
      'https://acme.example/Deck.pdf',
      'https://www.acme.example/',
      'https://xn--bcher-kva.example/katalog',
      '/uploads/booth-documents/1-abc.pdf',
    ]);
  });
});
