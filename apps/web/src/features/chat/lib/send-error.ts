import { ErrorCode } from '@foyer/contract';
import type { TFunction } from '../../../i18n/translator';
import { ApiError } from '../../../lib/api-client';

/**
 * E7.58: the server refused the message's key, which an earlier message of the sender's in the room
 * has with another text (409). Sending it again with that key would be refused again.
 */
export const isKeyReused = (error: unknown): boolean =>
  error instanceof ApiError && error.code === ErrorCode.ChatClientKeyReused;

/** A failed send in the user's language where the server's code has a text, else the server's words. */
export function sendErrorText(t: TFunction, error: unknown): string {
  if (isKeyReused(error)) return t('chat.composer.error.MST-00135');
  return error instanceof Error ? error.message : String(error);
}
