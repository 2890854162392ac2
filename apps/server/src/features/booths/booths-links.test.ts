import type { BoothDetails, BoothDocument } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeBooth, makeEvent, makePerson } from '../../../test/factories';
import { call, useTestApp } from '../../../test/helper';

/**
 * E2.56, E7.34: a booth document is a named link. Only http(s) addresses (and the app's own paths,
 * the uploaded files) are stored, normalised; a bare host gets https://; anything else is a 400 on
 * the document's url that stores nothing.
 */

const t = useTestApp();

async function setup() {
  const event = await makeEvent(t.ctx);
  const booth = await makeBooth(t.ctx, event.id, 'Acme');
  const owner = await makePerson(t.ctx, event.id, { name: 'Olga', boothId: booth.id, boothRole: 'owner' });
  const kept: BoothDocument = { name: 'Kept', url: 'https://acme.example/kept.pdf', type: 'document' };
  const save = (url: string) =>
    call<BoothDetails>(t.app, {
      method: 'PUT',
      url: '/api/v1/event/booth',
      headers: owner.headers,
      payload: { eventId: event.id, id: booth.id, documents: [kept, { name: 'Deck', url, type: 'link' }] },
    });
  const stored = async () =>
    (
      await call<BoothDetails>(t.app, {
        method: 'GET',
        url: `/api/v1/event/booth/${booth.id}?eventId=${event.id}`,
        headers: owner.headers,
      })
    ).body.data?.documents;
  return { owner, save, stored, kept };
}

describe('booth document links in odd forms (E2.56, E7.34)', () => {
  it('E2.56 E7.34 refuses other schemes, hidden schemes, protocol-relative and non-web links: 400 on the url, nothing stored', async () => {
    const { save, stored } = await setup();
    const before = [{ name: 'First', url: 'https://acme.example/first.pdf', type: 'document' }];
    expect((await save(before[0]!.url)).status).toBe(200);
    const was = await stored();
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      '\u0001javascript:alert(1)',
      ' \u0002 javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0001https://acme.example/x',
      'https://acme.example/\u007fx',
      'https://acme.example/a\u0085b',
      '//evil.example/x',
      '/\\evil.example/x',
      '\\\\evil.example/x',
      'ftp://acme.example/x',
      'mailto:sales@acme.example',
      'https://',
      'https://exa mple.example/',
      'acme',
    ]) {
      const res = await save(url);
      expect(res.status, JSON.stringify(url)).toBe(400);
      expect(res.body.error?.fields, JSON.stringify(url)).toEqual({
        'documents.1.url': 'expo.form.error.link',
      });
      // The English message names the field for API clients; the web app translates the key.
      expect(res.body.error?.msg).toMatch(/^documents\.1\.url: /);
    }
    // NUL never gets as far as the schema (http/input-guard.ts): the same field, its own message.
    const nul = await save('\u0000javascript:alert(1)');
    expect(nul.body.error?.fields).toEqual({ 'documents.1.url': 'validation.error.nul' });
    expect(await stored()).toEqual(was);
  });

  it('E2.56 refuses links with a user name or password (https://acme.example@evil.example) with their own message', async () => {
    const { save, stored } = await setup();
    for (const url of [
      'https://user:secret@acme.example/deck.pdf',
      'https://acme.example@evil.example/deck.pdf',
      'user@acme.example/deck.pdf',
    ]) {
      const res = await save(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error?.fields, url).toEqual({ 'documents.1.url': 'expo.form.error.linkCredentials' });
    }
    expect(await stored()).toEqual([]);
  });

  it('E2.56 refuses a link over 2000 characters, also when it only grows past them once normalised', async () => {
    const { save, stored } = await setup();
    const long = `https://acme.example/${'a'.repeat(2000)}`;
    const res = await save(long);
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ 'documents.1.url': 'validation.error.maxLength' });
    // 1,990 characters of which the spaces become %20: over 2000 as stored.
    const grows = await save(`https://acme.example/${' x'.repeat(980)}`);
    expect(grows.status).toBe(400);
    expect(grows.body.error?.fields).toEqual({ 'documents.1.url': 'validation.error.maxLength' });
    expect(await stored()).toEqual([]);
  });

  it('E2.56 E7.34 stores web links normalised: trimmed, scheme and host in lower case, IDN hosts in punycode, bare hosts with https://', async () => {
    const { save, kept } = await setup();
    const cases: [string, string][] = [
      ['  https://acme.example/brochure.pdf \n', 'https://acme.example/brochure.pdf'],
      ['HTTPS://Acme.EXAMPLE/Brochure.pdf', 'https://acme.example/Brochure.pdf'],
      ['HtTp://acme.example', 'http://acme.example/'],
      ['www.acme.example', 'https://www.acme.example/'],
      ['acme.example/deck.pdf?v=2#p3', 'https://acme.example/deck.pdf?v=2#p3'],
      ['acme.example:8443/deck', 'https://acme.example:8443/deck'],
      ['https://bücher.example/katalog', 'https://xn--bcher-kva.example/katalog'],
      ['https://acme.example/price list.pdf', 'https://acme.example/price%20list.pdf'],
      ['/v.mp4', '/v.mp4'],
    ];
    for (const [url, expected] of cases) {
      const res = await save(url);
      expect(res.status, url).toBe(200);
      expect(res.body.data?.documents, url).toEqual([kept, { name: 'Deck', url: expected, type: 'link' }]);
    }
  });
});
