import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { BOOTH_IMAGE_SIZE, type BoothImageKind, PHOTO_MAX_BYTES } from '@foyer/contract';
import { AppError } from '../../http/errors';
import { englishMessage } from '../../http/messages';
import { imageSize, UPLOADS_URL_PREFIX } from '../user/photo';

const BOOTHS_URL_PREFIX = `${UPLOADS_URL_PREFIX}booths/`;

const imageError = (key: string) => AppError.badRequest(englishMessage(key), { image: key });

/**
 * Stores a booth logo (A9.09, at most 700×700) or banner (A9.08, at most 1260×250) under
 * DATA_DIR/uploads/booths, checked by its bytes like the profile photo. The browser crops it.
 */
export async function storeBoothImage(
  dataDir: string,
  boothId: number,
  kind: BoothImageKind,
  dataUrl: string,
): Promise<string> {
  const match = /^data:image\/(jpeg|png);base64,(.*)$/s.exec(dataUrl);
  if (!match) throw imageError('account.photo.type');
  const type = match[1] as 'jpeg' | 'png';
  const bytes = Buffer.from(match[2] ?? '', 'base64');
  if (bytes.length > PHOTO_MAX_BYTES) throw imageError('account.photo.large');
  const size = imageSize(bytes, type);
  if (!size || size.width === 0 || size.height === 0) throw imageError('account.photo.type');
  const max = BOOTH_IMAGE_SIZE[kind];
  if (size.width > max.width || size.height > max.height) {
    throw AppError.badRequest(`The ${kind} may be at most ${max.width}x${max.height} pixels`, {
      image: 'expo.image.dimensions',
    });
  }
  const name = `${boothId}-${kind}-${randomBytes(12).toString('hex')}.${type === 'jpeg' ? 'jpg' : 'png'}`;
  const dir = join(dataDir, 'uploads', 'booths');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), bytes, { flag: 'wx' });
  return `${BOOTHS_URL_PREFIX}${name}`;
}

/** Removes an image this app stored; seed paths and links from elsewhere are left alone. */
export async function removeBoothImage(dataDir: string, urlPath: string | null | undefined): Promise<void> {
  if (!urlPath?.startsWith(BOOTHS_URL_PREFIX)) return;
  await rm(join(dataDir, 'uploads', 'booths', basename(urlPath)), { force: true });
}
