import { type CameraError, QrScanner } from '../../../components/qr-scanner';
import { useTranslation } from '../../../i18n/react';
import { updateDevice } from '../lib/use-door-device';
import '../i18n';

/** The door's camera scanner: the shared QR scanner with the check-in texts (E9.26–E9.31). */
export function CameraScanner({ onCode, paused }: { onCode(code: string): void; paused: boolean }) {
  const { t } = useTranslation();
  return (
    <QrScanner
      onCode={onCode}
      paused={paused}
      data-testid="check-in-camera"
      onError={(error: CameraError) =>
        // E8.22: the last camera error is kept on the device (shown in its settings).
        updateDevice({
          cameraError: { at: new Date().toISOString(), name: error.name, message: error.message },
        })
      }
      messages={{
        preview: t('checkIn.scan.camera.preview'),
        starting: t('checkIn.scan.camera.starting'),
        paused: t('checkIn.scan.camera.paused'),
        retry: t('checkIn.scan.camera.retry'),
        errors: {
          denied: t('checkIn.scan.camera.denied'),
          notFound: t('checkIn.scan.camera.notFound'),
          busy: t('checkIn.scan.camera.busy'),
          failed: t('checkIn.scan.camera.failed'),
        },
      }}
    />
  );
}
