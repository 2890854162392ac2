import { AgendaErrorCode } from '@foyer/contract';
import type { TFunction } from '../../../i18n/translator';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

/** E8.31, E8.32: a refused schedule call in words the user knows. */
export function scheduleErrorText(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('agenda.error.generic');
  if (error.code === AgendaErrorCode.FullyBooked) return t('agenda.notice.fullyBooked');
  if (error.code === AgendaErrorCode.Busy) return t('agenda.notice.busy');
  if (error.code === AgendaErrorCode.RequestDeclined) return t('agenda.notice.requestDeclinedText');
  if (error.code === AgendaErrorCode.SwapNeedsApproval) return t('agenda.notice.swapNeedsApproval');
  return error.message;
}

/** E8.31, A9.14: a schedule button's refused call, as an error toast that stays 8 s. */
export function scheduleErrorToast(error: unknown, t: TFunction): void {
  toast('error', scheduleErrorText(error, t), { action: true });
}

/**
 * E8.55: a failed calendar link (or agenda e-mail) shows the message the API call returned; any
 * other failure a generic text.
 */
export function returnedMessage(error: unknown, t: TFunction): string {
  return error instanceof ApiError ? error.message : t('agenda.error.generic');
}
