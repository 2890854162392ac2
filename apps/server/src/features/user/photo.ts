import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { AVATAR_MAX_PX, PHOTO_MAX_BYTES } from '@foyer/contract';
import { AppError } from '../../http/errors';
import { englishMessage } from '../../http/messages';

export const UPLOADS_URL_PREFIX = '/uploads/';
const PROFILE_URL_PREFIX = `${UPLOADS_URL_PREFIX}profile/`;

type ImageType = 'jpeg' | 'png';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function photoError(key: string): AppError {
  return AppError.badRequest(englishMessage(key), { image: key });
}

/** Width and height from the PNG header or the first JPEG frame header; null if unreadable. */
export function imageSize(bytes: Buffer, type: ImageType): { width: number; height: number } | null {
  if (type === 'png') {
    if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    // SOF0..SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return null;
}

/**
 * Checks a data-URL photo (A5.33, A5.35, A5.37) by its bytes, not its label, and stores it under
 * DATA_DIR/uploads/profile. Returns the URL path the app serves it at.
 */
export async function storeProfilePhoto(dataDir: string, userId: number, dataUrl: string): Promise<string> {
  const match = /^data:image\/(jpeg|png);base64,(.*)$/s.exec(dataUrl);
  if (!match) throw photoError('account.photo.type');
  const type = match[1] as ImageType;
  const bytes = Buffer.from(match[2] ?? '', 'base64');
  if (bytes.length > PHOTO_MAX_BYTES) throw photoError('account.photo.large');
  const size = imageSize(bytes, type);
  if (!size || size.width === 0 || size.height === 0) {
    throw photoError('account.photo.type');
  }
  if (size.width > AVATAR_MAX_PX || size.height > AVATAR_MAX_PX) {
    throw photoError('account.photo.dimensions');
  }
  const name = `${userId}-${randomBytes(12).toString('hex')}.${type === 'jpeg' ? 'jpg' : 'png'}`;
  const dir = join(dataDir, 'uploads', 'profile');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), bytes, { flag: 'wx' });
  return `${PROFILE_URL_PREFIX}${name}`;
}

/** Removes a photo this app stored; paths from elsewhere (seed data, URLs) are left alone. */
export async function removeProfilePhoto(dataDir: string, urlPath: string | null): Promise<void> {
  if (!urlPath?.startsWith(PROFILE_URL_PREFIX)) return;
  await rm(join(dataDir, 'uploads', 'profile', basename(urlPath)), { force: true });
}
