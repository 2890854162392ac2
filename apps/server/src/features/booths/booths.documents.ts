import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import {
  ATTACHMENT_BAD_TYPE,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TOO_LARGE,
  type AttachmentExtension,
  attachmentExtension,
} from '@foyer/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
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

/**
 * Removes the files of this booth's uploaded documents that its saved list no longer has (a document
 * taken off the booth). Only files stored for this booth (named `{boothId}-…`) are touched: a link
 * to another booth's file, a seed path or a web address is left alone.
 */
export async function removeDroppedBoothDocuments(
  dataDir: string,
  boothId: number,
  before: readonly { url: string }[],
  after: readonly { url: string }[],
): Promise<void> {
  const prefix = `${UPLOADS_URL_PREFIX}${BOOTH_DOCUMENT_FOLDER}/`;
  const kept = new Set(after.map((d) => d.url));
  for (const { url } of before) {
    if (kept.has(url) || !url.startsWith(prefix)) continue;
    const name = basename(url);
    if (name !== url.slice(prefix.length) || !name.startsWith(`${boothId}-`)) continue;
    await rm(join(dataDir, 'uploads', BOOTH_DOCUMENT_FOLDER, name), { force: true });
  }
}

/** How long an uploaded file may wait for the booth save that lists it before the sweep removes it. */
export const UNSAVED_DOCUMENT_GRACE_MS = 24 * 60 * 60_000;

/**
 * Removes the booth document files no booth lists (any booth: a document may link to another
 * booth's file) once they are older than UNSAVED_DOCUMENT_GRACE_MS: uploads the booth was never
 * saved with, and the files of deleted booths. Answers how many it removed.
 */
export async function sweepBoothDocuments(db: Executor, dataDir: string, now: Date): Promise<number> {
  const dir = join(dataDir, 'uploads', BOOTH_DOCUMENT_FOLDER);
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (names.length === 0) return 0;
  const prefix = `${UPLOADS_URL_PREFIX}${BOOTH_DOCUMENT_FOLDER}/`;
  const rows = await db
    .selectFrom('booths')
    .select('documents')
    .where(sql<boolean>`documents::text LIKE ${`%${prefix}%`}`)
    .execute();
  const listed = new Set<string>();
  for (const { documents } of rows)
    for (const { url } of documents ?? []) if (url.startsWith(prefix)) listed.add(url.slice(prefix.length));
  let removed = 0;
  for (const name of names) {
    if (listed.has(name)) continue;
    const file = join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || now.getTime() - info.mtimeMs < UNSAVED_DOCUMENT_GRACE_MS) continue;
    await rm(file, { force: true });
    removed++;
  }
  return removed;
}
