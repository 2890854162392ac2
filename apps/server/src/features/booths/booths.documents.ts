import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ATTACHMENT_BAD_TYPE,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TOO_LARGE,
  type AttachmentExtension,
  attachmentExtension,
  BOOTH_DOCUMENT_GONE,
} from '@foyer/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import { holdLocks, spreadKey } from '../../db/advisory-locks';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { englishMessage } from '../../http/messages';
import { UPLOADS_URL_PREFIX } from '../user/photo';

/** Folder under DATA_DIR/uploads (and URL path after /uploads/) of booth document files. */
export const BOOTH_DOCUMENT_FOLDER = 'booth-documents';

const fileError = (key: string) => AppError.badRequest(englishMessage(key), { contentBase64: key });

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) =>
  signature.every((byte, i) => bytes[at + i] === byte);

/** The bytes look like the kind of file the name says (so a renamed page or script is refused). */
function looksLike(ext: AttachmentExtension, bytes: Buffer): boolean {
  switch (ext) {
    case 'pdf':
      return startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d]); // %PDF-
    case 'docx':
    case 'xlsx':
    case 'pptx':
      return startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]); // a zip archive
    case 'mp4':
      return startsWith(bytes, [0x66, 0x74, 0x79, 0x70], 4); // ftyp box
    case 'webm':
      return startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]); // EBML
    case 'txt':
      return !bytes.includes(0);
  }
}

/**
 * A5.42: stores one booth document file of at most ATTACHMENT_MAX_BYTES (5,000,000 bytes) under
 * DATA_DIR/uploads/booth-documents, checked by its decoded size and its first bytes, and answers
 * the URL path it is served at (/uploads/…, like the photos).
 */
export async function storeBoothDocument(
  dataDir: string,
  boothId: number,
  fileName: string,
  contentBase64: string,
): Promise<string> {
  const ext = attachmentExtension(fileName);
  if (!ext) throw AppError.badRequest(englishMessage(ATTACHMENT_BAD_TYPE), { fileName: ATTACHMENT_BAD_TYPE });
  const bytes = Buffer.from(contentBase64, 'base64');
  if (bytes.length > ATTACHMENT_MAX_BYTES) throw fileError(ATTACHMENT_TOO_LARGE);
  if (bytes.length === 0 || !looksLike(ext, bytes)) throw fileError(ATTACHMENT_BAD_TYPE);
  const name = `${boothId}-${randomBytes(12).toString('hex')}.${ext}`;
  const dir = join(dataDir, 'uploads', BOOTH_DOCUMENT_FOLDER);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), bytes, { flag: 'wx' });
  return `${UPLOADS_URL_PREFIX}${BOOTH_DOCUMENT_FOLDER}/${name}`;
}

const DOCUMENT_URL_PREFIX = `${UPLOADS_URL_PREFIX}${BOOTH_DOCUMENT_FOLDER}/`;

/**
 * The stored file a document links to (its name in the folder), or null for any other link (a web
 * address, a seed path). Files are stored by a random name, not by their content: two documents
 * share a file only by linking the same name, which any booth may do (a document is a link).
 */
export function storedDocumentName(url: string): string | null {
  if (!url.startsWith(DOCUMENT_URL_PREFIX)) return null;
  const name = url.slice(DOCUMENT_URL_PREFIX.length).split(/[?#]/, 1)[0] ?? '';
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) ? name : null;
}

const storedNames = (documents: readonly { url: string }[]) =>
  new Set(documents.flatMap(({ url }) => storedDocumentName(url) ?? []));

/**
 * Holds these files until the transaction ends. A save that links a file and a removal of it hold
 * it in turn: the removal then sees the save's link (and keeps the file), or the save sees the file
 * gone (and is refused). Keys are spread (spreadKey) and taken in order: never a deadlock.
 */
function holdDocumentFiles(trx: Transaction<DB>, names: readonly string[]): Promise<void> {
  return holdLocks(trx, 'boothDocumentFile', names.map(spreadKey));
}

const isStoredFile = (file: string) =>
  stat(file).then(
    (info) => info.isFile(),
    () => false,
  );

/**
 * In a booth save's transaction (the booth's row held, `before` its documents as they were): the
 * files its documents newly link to are held to the commit, and each must still be stored: a file
 * removed meanwhile (its last listing dropped, or swept) is a 400 on that document's link, instead
 * of a booth listing a file nobody will ever serve.
 */
export async function holdLinkedDocumentFiles(
  trx: Transaction<DB>,
  dataDir: string,
  before: readonly { url: string }[],
  after: readonly { url: string }[],
): Promise<void> {
  const had = storedNames(before);
  const added = after.flatMap(({ url }, i) => {
    const name = storedDocumentName(url);
    return name && !had.has(name) ? [{ i, name }] : [];
  });
  if (added.length === 0) return;
  await holdDocumentFiles(
    trx,
    added.map((a) => a.name),
  );
  const dir = join(dataDir, 'uploads', BOOTH_DOCUMENT_FOLDER);
  for (const { i, name } of added) {
    if (!(await isStoredFile(join(dir, name))))
      throw AppError.badRequest(englishMessage(BOOTH_DOCUMENT_GONE), {
        [`documents.${i}.url`]: BOOTH_DOCUMENT_GONE,
      });
  }
}

/** Whether any booth (of any event) lists the file, as committed now. */
async function isListed(db: Executor, name: string): Promise<boolean> {
  const rows = await db
    .selectFrom('booths')
    .select('documents')
    .where(sql<boolean>`documents::text LIKE ${`%${name}%`}`)
    .execute();
  return rows.some(({ documents }) => (documents ?? []).some(({ url }) => storedDocumentName(url) === name));
}

/**
 * Removes the stored file unless a booth lists it, the file held meanwhile (a save linking it
 * waits, then finds it gone). Whether a file was removed.
 */
async function removeUnlisted(db: Kysely<DB>, dataDir: string, name: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await holdDocumentFiles(trx, [name]);
    if (await isListed(trx, name)) return false;
    const file = join(dataDir, 'uploads', BOOTH_DOCUMENT_FOLDER, name);
    if (!(await isStoredFile(file))) return false;
    // Inside the hold: a save linking it after this finds it gone.
    await rm(file, { force: true });
    return true;
  });
}

/**
 * After a booth's save (committed): removes the stored files of the documents it dropped that no
 * booth lists any more. A file is shared by every document linking it (another booth's, the same
 * booth's other entry): it stays while one of them is left.
 */
export async function removeDroppedBoothDocuments(
  db: Kysely<DB>,
  dataDir: string,
  before: readonly { url: string }[],
  after: readonly { url: string }[],
): Promise<void> {
  const kept = storedNames(after);
  for (const name of storedNames(before)) if (!kept.has(name)) await removeUnlisted(db, dataDir, name);
}

/** How long an uploaded file may wait for the booth save that lists it before the sweep removes it. */
export const UNSAVED_DOCUMENT_GRACE_MS = 24 * 60 * 60_000;

/**
 * Removes the booth document files no booth lists (any booth: a document may link to another
 * booth's file) once they are older than UNSAVED_DOCUMENT_GRACE_MS: uploads the booth was never
 * saved with, and the files of deleted booths. Each is looked at again under its hold before it
 * goes (a save may link it meanwhile). Answers how many it removed.
 */
export async function sweepBoothDocuments(db: Kysely<DB>, dataDir: string, now: Date): Promise<number> {
  const dir = join(dataDir, 'uploads', BOOTH_DOCUMENT_FOLDER);
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (names.length === 0) return 0;
  const rows = await db
    .selectFrom('booths')
    .select('documents')
    .where(sql<boolean>`documents::text LIKE ${`%${DOCUMENT_URL_PREFIX}%`}`)
    .execute();
  const listed = new Set<string>();
  for (const { documents } of rows) for (const name of storedNames(documents ?? [])) listed.add(name);
  let removed = 0;
  for (const name of names) {
    if (listed.has(name)) continue;
    const info = await stat(join(dir, name)).catch(() => null);
    if (!info?.isFile() || now.getTime() - info.mtimeMs < UNSAVED_DOCUMENT_GRACE_MS) continue;
    if (await removeUnlisted(db, dataDir, name)) removed++;
  }
  return removed;
}
