import type { CameraErrorKind } from './scanner-rules';

export type { CameraErrorKind } from './scanner-rules';

/** The scanner's texts, in the caller's language (the shared component carries no catalogue). */
export interface QrScannerMessages {
  /** The preview's accessible name. */
  preview: string;
  /** Shown while the decoder and the camera start. */
  starting: string;
  /** Shown over the preview while `paused`. */
  paused: string;
  retry: string;
  /** E8.21: camera errors, shown in a red box. */
  errors: Record<CameraErrorKind, string>;
}

export interface CameraError {
  kind: CameraErrorKind;
  /** The browser's error name (NotAllowedError…), for the stored record (E8.22). */
  name: string;
  message: string;
}

export interface QrScannerProps {
  /** A code read from the camera: the same code again within 2 s is not passed on (E9.28). */
  onCode(code: string): void;
  /** The camera stays on but nothing is read (a result is on screen). */
  paused?: boolean;
  messages: QrScannerMessages;
  onError?(error: CameraError): void;
  'data-testid'?: string;
}
