import i18n from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

/**
 * E1.18: the video room opens in a new window. The window is opened at the click (so the browser
 * counts it as the user's), then pointed at the room once the API names it. A blocked window shows
 * the byBrowser hint instead.
 */
export async function openVideoWindow(getUrl: () => Promise<string | null>): Promise<void> {
  const win = window.open('', '_blank');
  if (!win) {
    toast('info', i18n.t('agenda.blockedByBrowser'));
    return;
  }
  try {
    const url = await getUrl();
    if (!url) {
      win.close();
      toast('error', i18n.t('agenda.notice.notStarted'));
      return;
    }
    win.opener = null;
    win.location.href = url;
  } catch (error) {
    win.close();
    toast('error', error instanceof ApiError ? error.message : i18n.t('agenda.error.generic'));
  }
}
