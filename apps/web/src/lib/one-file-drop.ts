import type { FileRejection } from '@mantine/dropzone';
import type { TranslationKey } from '../i18n/keys';

/**
 * A Dropzone's handlers for one file (A5.34). Its library keeps the first of several files dropped
 * at once and refuses the rest; here a drop with any refused file takes none, so what is used is
 * never a guess among several. (`onDrop` is required by the Dropzone; `onDropAny` decides.)
 */
export function oneFileDrop(take: (file: File) => void, refuse: (rejections: FileRejection[]) => void) {
  return {
    onDropAny: (files: File[], rejections: FileRejection[]) => {
      if (rejections.length > 0) refuse(rejections);
      else if (files[0]) take(files[0]);
    },
    onDrop: () => {},
    maxFiles: 1,
    multiple: false,
  } as const;
}

/** Several files were dropped where one is taken. */
export function tooManyFiles(rejections: readonly FileRejection[]): boolean {
  return rejections.some((r) => r.errors.some((e) => e.code === 'too-many-files'));
}

/** Why a picked image was refused (A5.33–A5.35), in the account area's words. */
export function imageRejectionKey(rejections: readonly FileRejection[]): TranslationKey {
  if (tooManyFiles(rejections)) return 'account.photo.oneFile';
  const code = rejections[0]?.errors[0]?.code;
  return code === 'file-too-large' ? 'account.photo.large' : 'account.photo.type';
}
