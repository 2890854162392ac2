import { Alert } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';

/** A8.31: 'Please check network connection.' while the browser reports no network. */
export function OfflineNotice() {
  const { t } = useTranslation();
  const { online } = useNetwork();
  return (
    <div
      aria-live="polite"
      style={{ position: 'fixed', top: 8, left: 0, right: 0, zIndex: 400, pointerEvents: 'none' }}
    >
      {!online && (
        <Alert
          color="orange"
          variant="filled"
          // White on orange is 2.9:1; autoContrast writes dark text on it (WCAG AA).
          autoContrast
          icon={<IconWifiOff size={18} aria-hidden />}
          maw={420}
          mx="auto"
          py={8}
          style={{ pointerEvents: 'auto' }}
          data-testid="offline-notice"
        >
          {t('system.offline')}
        </Alert>
      )}
    </div>
  );
}
