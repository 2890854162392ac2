import type { TFunction } from '../i18n/translator';
import type { ScanEntryMessages } from './scan-entry';

/** The scan entry's texts (the contacts catalogue: contacts and booth leads scan the same way). */
export function scanMessages(t: TFunction): ScanEntryMessages {
  return {
    source: t('contacts.scan.source'),
    camera: t('contacts.scan.camera'),
    type: t('contacts.scan.type'),
    codeLabel: t('contacts.scan.codeLabel'),
    codeHint: t('contacts.scan.codeHint'),
    submit: t('contacts.scan.submit'),
    scanner: {
      preview: t('contacts.scan.cameraPreview'),
      starting: t('contacts.scan.cameraStarting'),
      paused: t('contacts.scan.cameraPaused'),
      retry: t('contacts.scan.cameraRetry'),
      errors: {
        denied: t('contacts.scan.cameraDenied'),
        notFound: t('contacts.scan.cameraNotFound'),
        busy: t('contacts.scan.cameraBusy'),
        failed: t('contacts.scan.cameraFailed'),
      },
    },
  };
}
