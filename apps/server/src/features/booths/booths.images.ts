import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { BOOTH_IMAGE_SIZE, type BoothImageKind, PHOTO_MAX_BYTES } from '@foyer/contract';
import { AppError } from '../../http/errors';
import { englishMessage } from '../../http/messages';
import { imageSize, UPLOADS_URL_PREFIX } from '../user/photo';

const imageError = (key: string) => AppError.badRequest(englishMessage(key), { image: key });

/** Where an uploaded, cropped image goes and how large it may be. */
export interface ImageTarget {
  /** Folder under DATA_DIR/uploads, and the URL path segment after /uploads/. */
  folder: string;
  /** Start of the file name (owner id and kind), before a random part. */
  stem: string;
  /** What the image is, for the error ("The logo may be at most …"). */
  label: string;
  max: { width: number; height: number };
}

/**
 * Stores an uploaded image under DATA_DIR/uploads/{folder}, checked by its bytes like the profile
 * photo (JPEG or PNG, at most PHOTO_MAX_BYTES, within `max`). The browser crops it.
 */
export async function storeUploadedImage(
  dataDir: string,
  target: ImageTarget,
  dataUrl: string,
): Promise<string> {
  const match = /^data:image\/(jpeg|png);base64,(.*)$/s.exec(dataUrl);
  if (!match) throw imageError('account.photo.type');
  const type = match[1] as 'jpeg' | 'png';
  const bytes = Buffer.from(match[2] ?? '', 'base64');
  if (bytes.length > PHOTO_MAX_BYTES) throw imageError('account.photo.large');
  const size = imageSize(bytes, type);
  if (!size || size.width === 0 || size.height === 0) throw imageError('account.photo.type');
  const { max } = target;
  if (size.width > max.width || size.height > max.height) {
    throw AppError.badRequest(`The ${target.label} may be at most ${max.width}x${max.height} pixels`, {
      image: 'expo.image.dimensions',
    });
  }
  const name = `${target.stem}-${randomBytes(12).toString('hex')}.${type === 'jpeg' ? 'jpg' : 'png'}`;
  const dir = join(dataDir, 'uploads', target.folder);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), bytes, { flag: 'wx' });
  return `${UPLOADS_URL_PREFIX}${target.folder}/${name}`;
}

/** Removes an image this app stored in `folder`; seed paths and links from elsewhere are left alone. */
export async function removeUploadedImage(
  dataDir: string,
  folder: string,
  urlPath: string | null | undefined,
): Promise<void> {
  const prefix = `${UPLOADS_URL_PREFIX}${folder}/`;
  if (!urlPath?.startsWith(prefix)) return;
  await rm(join(dataDir, 'uploads', folder, basename(urlPath)), { force: true });
}

/** A booth logo (A9.09, at most 700×700) or banner (A9.08, at most 1260×250). */
export function storeBoothImage(
  dataDir: string,
  boothId: number,
  kind: BoothImageKind,
  dataUrl: string,
): Promise<string> {
  return storeUploadedImage(
    dataDir,
    { folder: 'booths', stem: `${boothId}-${kind}`, label: kind, max: BOOTH_IMAGE_SIZE[kind] },
    dataUrl,
  );
}

/** Removes a booth image this app stored; seed paths and links from elsewhere are left alone. */
export function removeBoothImage(dataDir: string, urlPath: string | null | undefined): Promise<void> {
  return removeUploadedImage(dataDir, 'booths', urlPath);
}
