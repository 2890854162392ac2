import { PostErrorCode } from '@foyer/contract';
import type { TFunction } from '../../../i18n/translator';
import { ApiError } from '../../../lib/api-client';

/**
 * E8.39: the toast for a failed announcement create, update, delete or hide, with the server's reason
 * (E1.08: a participant's posting cap in the reader's language).
 */
export function announcementFailure(
  t: TFunction,
  action: 'create' | 'update' | 'delete' | 'hide',
  error: Error,
): string {
  const message =
    error instanceof ApiError && error.code === PostErrorCode.TooManyPosts
      ? t('lobby.announcement.tooMany')
      : error.message;
  return t(`lobby.announcement.${action}Failed`, { message });
}

/** E8.40: the toast for a failed comment add, update or delete, with the server's reason. */
export function commentFailure(t: TFunction, action: 'add' | 'update' | 'delete', error: Error): string {
  return t(`lobby.comment.${action}Failed`, { message: error.message });
}
