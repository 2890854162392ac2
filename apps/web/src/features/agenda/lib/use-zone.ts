import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store';
import { deviceZone } from './format';

/** The user's time zone (profile, else the device's) and the language to format in. */
export function useZone(): { zone: string; locale: string } {
  const zone = useSession((s) => s.user?.timezone) || deviceZone();
  const { i18n } = useTranslation();
  return { zone, locale: i18n.language || 'en' };
}
