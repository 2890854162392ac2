import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { POST_IMAGE_MAX_BYTES, type PostFile, type PostFileInput } from '@foyer/contract';
import { AppError } from '../../http/errors';
import { englishMessage } from '../../http/messages';
import { imageSize, UPLOADS_URL_PREFIX } from '../user/photo';

const POSTS_URL_PREFIX = `${UPLOADS_URL_PREFIX}posts/`;

const imageError = (key: string) => AppError.badRequest(englishMessage(key), { files: key });

/**
 * Stores an announcement image (E5.27, E5.28) under DATA_DIR/uploads/posts, checked by its bytes
 * with the profile photo's reader: a PNG label on a JPEG (or on anything else) is refused.
 */
export async function storePostImage(
  dataDir: string,
  eventId: number,
  file: PostFileInput,
): Promise<PostFile> {
  const base64 = file.data.slice(file.data.indexOf(',') + 1);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > POST_IMAGE_MAX_BYTES) throw imageError('account.photo.large');
  const type = file.contentType === 'image/png' ? 'png' : 'jpeg';
  const size = imageSize(bytes, type);
  if (!size || size.width === 0 || size.height === 0) throw imageError('account.photo.type');
  const name = `${eventId}-${randomBytes(12).toString('hex')}.${type === 'png' ? 'png' : 'jpg'}`;
  const dir = join(dataDir, 'uploads', 'posts');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), bytes, { flag: 'wx' });
  return { url: `${POSTS_URL_PREFIX}${name}`, contentType: file.contentType };
}

/** Removes images this app stored; anything else is left alone. */
export async function removePostImages(dataDir: string, files: readonly PostFile[]): Promise<void> {
  for (const file of files) {
    if (!file.url.startsWith(POSTS_URL_PREFIX)) continue;
    await rm(join(dataDir, 'uploads', 'posts', basename(file.url)), { force: true });
  }
}
