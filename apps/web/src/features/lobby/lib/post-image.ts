import {
  POST_IMAGE_MAX_BYTES,
  type PostFileInput,
  type PostImageType,
  postImageTypes,
} from '@foyer/contract';
import type { TranslationKey } from '../../../i18n/keys';

/** E5.27–E5.29: why a picked file cannot be an announcement image (a message key), or null. */
export function imageProblem(file: { type: string; size: number }): TranslationKey | null {
  if (!(postImageTypes as readonly string[]).includes(file.type)) return 'lobby.announcement.image.type';
  if (file.size > POST_IMAGE_MAX_BYTES) return 'lobby.announcement.image.large';
  return null;
}

/** The file as the API takes it: its type plus a data URL. */
export function readPostImage(file: File): Promise<PostFileInput> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ contentType: file.type as PostImageType, data: String(reader.result) });
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}
