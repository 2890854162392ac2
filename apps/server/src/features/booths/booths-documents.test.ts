import { rm, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ATTACHMENT_MAX_BYTES,
  type BoothDetails,
  type BoothDocument,
  uploadedBoothDocumentSchema,
} from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeBooth, makeEvent, makePerson, type Person } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { call, useTestApp } from '../../../test/helper';
import { holdLocks, spreadKey } from '../../db/advisory-locks';
import { holdLinkedDocumentFiles, storedDocumentName, sweepBoothDocuments } from './booths.documents';

const t = useTestApp();

const req = <T>(who: Person, method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
  call<T>(t.app, { method, url: `/api/v1${url}`, headers: who.headers, payload });

async function setup() {
  const event = await makeEvent(t.ctx);
  const { booth, owner } = await boothWithOwner(event.id, 'Acme', 'Olga');
  const visitor = await makePerson(t.ctx, event.id, { name: 'Vera' });
  return { event, booth, owner, visitor };
}

/** A PDF of exactly `size` bytes. */
const pdf = (size: number) => {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.7\n');
  return bytes.toString('base64');
};

const URL = '/event/booth/document/file';

/** Uploads a small PDF as a document of the booth and answers it as the route gives it. */
async function upload(who: Person, eventId: number, boothId: number, fileName: string) {
  const res = await req<BoothDocument>(who, 'POST', URL, {
    eventId,
    id: boothId,
    fileName,
    contentBase64: pdf(1000),
  });
  return uploadedBoothDocumentSchema.parse(res.body.data);
}

/** Saves the booth with these documents. */
const save = (who: Person, eventId: number, boothId: number, documents: BoothDocument[]) =>
  req<BoothDetails>(who, 'PUT', '/event/booth', { eventId, id: boothId, documents });

/** The status the document's link answers. */
const served = async (doc: BoothDocument) => (await t.app.inject({ method: 'GET', url: doc.url })).statusCode;

/** A second booth of the event with its owner. */
async function boothWithOwner(eventId: number, boothName: string, ownerName: string) {
  const booth = await makeBooth(t.ctx, eventId, boothName);
  const owner = await makePerson(t.ctx, eventId, { name: ownerName, boothId: booth.id, boothRole: 'owner' });
  return { booth, owner };
}

describe('booth document files: the attachments (A5.42)', () => {
  it('A5.42 A9.11 E9.14 stores a file of exactly 5,000,000 bytes and serves it as the document link', async () => {
    const { event, booth, owner } = await setup();
    const res = await req<BoothDocument>(owner, 'POST', URL, {
      eventId: event.id,
      id: booth.id,
      fileName: 'Brochure 2026.pdf',
      contentBase64: pdf(ATTACHMENT_MAX_BYTES),
    });
    expect(res.status).toBe(200);
    const doc = uploadedBoothDocumentSchema.parse(res.body.data);
    expect(doc).toMatchObject({ name: 'Brochure 2026', type: 'document' });
    expect(doc.url).toMatch(new RegExp(`^/uploads/booth-documents/${booth.id}-[0-9a-f]{24}\\.pdf$`));
    const file = await t.app.inject({ method: 'GET', url: doc.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.rawPayload.length).toBe(ATTACHMENT_MAX_BYTES);
    // Saved with the booth like any document link.
    const saved = await save(owner, event.id, booth.id, [doc]);
    expect(saved.body.data?.documents).toEqual([doc]);
  });

  it('A5.42 a document taken off the booth has its file removed; a link to another booth’s file is left alone', async () => {
    const { event, booth, owner } = await setup();
    const { booth: other, owner: otherOwner } = await boothWithOwner(event.id, 'Globex', 'Gus');
    const kept = await upload(owner, event.id, booth.id, 'Kept.pdf');
    const dropped = await upload(owner, event.id, booth.id, 'Dropped.pdf');
    const theirs = await upload(otherOwner, event.id, other.id, 'Theirs.pdf');
    expect((await save(owner, event.id, booth.id, [kept, dropped])).status).toBe(200);
    // The other booth links to one of ours beside its own.
    expect((await save(otherOwner, event.id, other.id, [theirs, kept])).status).toBe(200);

    // Our booth lists its own file and links to theirs, then drops one of its own and their link.
    expect((await save(owner, event.id, booth.id, [kept, dropped, theirs])).status).toBe(200);
    const saved = await save(owner, event.id, booth.id, [kept]);
    expect(saved.body.data?.documents).toEqual([kept]);
    expect(await served(dropped)).toBe(404);
    expect(await served(kept)).toBe(200);
    expect(await served(theirs)).toBe(200);
    // Their booth dropping its link to our file leaves our file alone.
    expect((await save(otherOwner, event.id, other.id, [theirs])).status).toBe(200);
    expect(await served(kept)).toBe(200);
  });

  it('A5.42 a file another booth links stays when its own booth drops it, and goes once nobody lists it', async () => {
    const { event, booth, owner } = await setup();
    const { booth: other, owner: otherOwner } = await boothWithOwner(event.id, 'Globex', 'Gus');
    const shared = await upload(owner, event.id, booth.id, 'Shared.pdf');
    expect((await save(owner, event.id, booth.id, [shared])).status).toBe(200);
    expect((await save(otherOwner, event.id, other.id, [{ ...shared, name: 'Their copy' }])).status).toBe(
      200,
    );

    // Its own booth drops it: the other booth still lists it, so the file stays.
    expect((await save(owner, event.id, booth.id, [])).status).toBe(200);
    expect(await served(shared)).toBe(200);
    // The last booth listing it drops it: now it goes.
    expect((await save(otherOwner, event.id, other.id, [])).status).toBe(200);
    expect(await served(shared)).toBe(404);
  });

  it('A5.42 one booth listing a file twice keeps it while either entry is left', async () => {
    const { event, booth, owner } = await setup();
    const doc = await upload(owner, event.id, booth.id, 'Twice.pdf');
    const again = { ...doc, name: 'Twice, again', type: 'bvideo' };
    expect((await save(owner, event.id, booth.id, [doc, again])).status).toBe(200);
    expect((await save(owner, event.id, booth.id, [again])).status).toBe(200);
    expect(await served(doc)).toBe(200);
    expect((await save(owner, event.id, booth.id, [])).status).toBe(200);
    expect(await served(doc)).toBe(404);
  });

  it('A5.42 a link to a file that is no longer stored is refused on its url (400), not saved as a dead link', async () => {
    const { event, booth, owner } = await setup();
    const { booth: other, owner: otherOwner } = await boothWithOwner(event.id, 'Globex', 'Gus');
    const gone = await upload(owner, event.id, booth.id, 'Gone.pdf');
    const theirs = await upload(otherOwner, event.id, other.id, 'Theirs.pdf');
    expect((await save(owner, event.id, booth.id, [gone])).status).toBe(200);
    expect((await save(owner, event.id, booth.id, [])).status).toBe(200);
    expect(await served(gone)).toBe(404);
    // The other booth's page still showed it: linking it now is refused, and nothing is saved.
    const linked = await save(otherOwner, event.id, other.id, [theirs, gone]);
    expect(linked.status).toBe(400);
    expect(linked.body.error?.fields).toEqual({ 'documents.1.url': 'expo.form.error.documentGone' });
    const row = await t.ctx.db
      .selectFrom('booths')
      .select('documents')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(row.documents).toEqual([]);
    // The same booth putting back a file it dropped meanwhile is refused too.
    const back = await save(owner, event.id, booth.id, [gone]);
    expect(back.status).toBe(400);
    expect(back.body.error?.fields).toEqual({ 'documents.0.url': 'expo.form.error.documentGone' });
  });

  it('A5.42 two booths dropping the file they share at the same moment leave no file behind', async () => {
    const { event, booth, owner } = await setup();
    const { booth: other, owner: otherOwner } = await boothWithOwner(event.id, 'Globex', 'Gus');
    const shared = await upload(owner, event.id, booth.id, 'Shared.pdf');
    expect((await save(owner, event.id, booth.id, [shared])).status).toBe(200);
    expect((await save(otherOwner, event.id, other.id, [shared])).status).toBe(200);
    const statuses = await Promise.all([
      save(owner, event.id, booth.id, []).then((r) => r.status),
      save(otherOwner, event.id, other.id, []).then((r) => r.status),
    ]);
    expect(statuses).toEqual([200, 200]);
    expect(await served(shared)).toBe(404);
  });

  it('A5.42 files no booth lists are swept once a day old: never saved, or of a deleted booth', async () => {
    const { event, booth, owner } = await setup();
    const { booth: gone, owner: goneOwner } = await boothWithOwner(event.id, 'Gone Ltd', 'Gil');
    const listed = await upload(owner, event.id, booth.id, 'Listed.pdf');
    const neverSaved = await upload(owner, event.id, booth.id, 'Never saved.pdf');
    const justUploaded = await upload(owner, event.id, booth.id, 'Just uploaded.pdf');
    const ofGone = await upload(goneOwner, event.id, gone.id, 'Gone.pdf');
    expect((await save(owner, event.id, booth.id, [listed])).status).toBe(200);
    expect((await save(goneOwner, event.id, gone.id, [ofGone])).status).toBe(200);
    await t.ctx.db.deleteFrom('booths').where('id', '=', gone.id).execute();
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60_000);
    const file = (doc: BoothDocument) => join(t.ctx.config.dataDir, doc.url);
    for (const doc of [listed, neverSaved, ofGone]) await utimes(file(doc), twoDaysAgo, twoDaysAgo);
    try {
      expect(await sweepBoothDocuments(t.ctx.db, t.ctx.config.dataDir, new Date())).toBe(2);
      expect(await served(listed)).toBe(200);
      expect(await served(justUploaded)).toBe(200);
      expect(await served(neverSaved)).toBe(404);
      expect(await served(ofGone)).toBe(404);
      // Nothing left to sweep: a second run removes nothing.
      expect(await sweepBoothDocuments(t.ctx.db, t.ctx.config.dataDir, new Date())).toBe(0);
    } finally {
      // The data folder outlives this test's database: an old file left in it would be swept next time.
      await rm(file(listed), { force: true });
    }
  });

  it('A5.42 refuses 5,000,001 bytes and larger files with the attachment-size message', async () => {
    const { event, booth, owner } = await setup();
    for (const size of [ATTACHMENT_MAX_BYTES + 1, ATTACHMENT_MAX_BYTES + 400_000]) {
      const res = await req(owner, 'POST', URL, {
        eventId: event.id,
        id: booth.id,
        fileName: 'big.pdf',
        contentBase64: pdf(size),
      });
      expect(res.status, String(size)).toBe(400);
      expect(res.body.error?.fields).toEqual({ contentBase64: 'expo.form.error.attachmentSize' });
      expect(res.body.error?.msg).toContain('5,000,000 bytes');
    }
    // Far larger bodies are refused before they are read: still an envelope, never a 5xx.
    const huge = await req(owner, 'POST', URL, {
      eventId: event.id,
      id: booth.id,
      fileName: 'huge.pdf',
      contentBase64: pdf(7_000_000),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.success).toBe(false);
  });

  it('A5.42 refuses files that are not an allowed type or whose bytes say otherwise', async () => {
    const { event, booth, owner } = await setup();
    const html = Buffer.from('<script>alert(1)</script>').toString('base64');
    const cases: [string, string, string][] = [
      ['page.html', html, 'fileName'],
      ['image.svg', html, 'fileName'],
      ['fake.pdf', html, 'contentBase64'],
      ['fake.docx', html, 'contentBase64'],
      ['notes.txt', Buffer.from([0x61, 0x00, 0x62]).toString('base64'), 'contentBase64'],
      ['empty.pdf', '', 'contentBase64'],
      ['bad.pdf', 'not base64!', 'contentBase64'],
    ];
    for (const [fileName, contentBase64, field] of cases) {
      const res = await req(owner, 'POST', URL, { eventId: event.id, id: booth.id, fileName, contentBase64 });
      expect(res.status, fileName).toBe(400);
      expect(res.body.error?.fields?.[field], fileName).toMatch(/^expo\.form\.error\.attachment|validation/);
    }
    const text = await req<BoothDocument>(owner, 'POST', URL, {
      eventId: event.id,
      id: booth.id,
      fileName: 'Notes.TXT',
      contentBase64: Buffer.from('Opening hours 9–18').toString('base64'),
    });
    expect(text.status).toBe(200);
    expect(text.body.data?.url).toMatch(/\.txt$/);
  });

  it('A5.42 only people who may edit the booth upload to it', async () => {
    const { event, booth, visitor } = await setup();
    const res = await req(visitor, 'POST', URL, {
      eventId: event.id,
      id: booth.id,
      fileName: 'a.pdf',
      contentBase64: pdf(100),
    });
    expect(res.status).toBe(403);
  });
});

/**
 * A removal of a shared file and a save linking it, at once. PGlite runs one transaction at a
 * time: only PostgreSQL lets one wait on the other, so these run there.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a document file removed and linked at once (PostgreSQL)',
  () => {
    const held = useHeldTransactions(() => t.ctx.db);

    it('A5.42 a booth dropping its file while another booth’s save links it keeps the file', async () => {
      const { event, booth, owner } = await setup();
      const { booth: other } = await boothWithOwner(event.id, 'Globex', 'Gus');
      const shared = await upload(owner, event.id, booth.id, 'Shared.pdf');
      expect((await save(owner, event.id, booth.id, [shared])).status).toBe(200);
      // The other booth's save in flight: its row held, the file held as a save holds what it links,
      // the link written, not committed yet.
      const dropped = await held.behind(
        async (trx) => {
          await trx.selectFrom('booths').select('id').where('id', '=', other.id).forUpdate().execute();
          await holdLinkedDocumentFiles(trx, t.ctx.config.dataDir, [], [shared]);
          await trx
            .updateTable('booths')
            .set({ documents: JSON.stringify([shared]) })
            .where('id', '=', other.id)
            .execute();
        },
        () => save(owner, event.id, booth.id, []),
      );
      expect(dropped.status).toBe(200);
      await t.app.bus.idle();
      const row = await t.ctx.db
        .selectFrom('booths')
        .select('documents')
        .where('id', '=', other.id)
        .executeTakeFirstOrThrow();
      expect(row.documents).toEqual([shared]);
      expect(await served(shared)).toBe(200);
    });

    it('A5.42 a save linking a file while its removal is in flight is refused (400) once the file is gone', async () => {
      const { event, booth, owner } = await setup();
      const { booth: other, owner: otherOwner } = await boothWithOwner(event.id, 'Globex', 'Gus');
      const doomed = await upload(owner, event.id, booth.id, 'Doomed.pdf');
      const name = storedDocumentName(doomed.url) as string;
      // The removal in flight: the file held, found listed nowhere, deleted, not committed yet.
      const linked = await held.behind(
        async (trx) => {
          await holdLocks(trx, 'boothDocumentFile', [spreadKey(name)]);
          await rm(join(t.ctx.config.dataDir, doomed.url), { force: true });
        },
        () => save(otherOwner, event.id, other.id, [doomed]),
      );
      expect(linked.status).toBe(400);
      expect(linked.body.error?.fields).toEqual({ 'documents.0.url': 'expo.form.error.documentGone' });
      const row = await t.ctx.db
        .selectFrom('booths')
        .select('documents')
        .where('id', '=', other.id)
        .executeTakeFirstOrThrow();
      expect(row.documents).toEqual([]);
    });
  },
);
