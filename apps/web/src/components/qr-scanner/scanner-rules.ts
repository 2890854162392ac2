/**
 * The camera scanner's settings and rules (E9.26–E9.31), apart from the component so they are tested
 * without a browser.
 */
export const SCAN_FPS = 10; // E9.26
export const SCAN_EVERY_MS = 1000 / SCAN_FPS;
export const SCAN_BOX_PX = 250; // E9.27, in CSS pixels over the preview
export const SAME_CODE_PAUSE_MS = 2000; // E9.28
export const CAMERA_ZOOM = 3; // E9.29, where the camera can zoom
export const CAMERA_ASPECT = 4 / 3; // E9.30

/** E9.30, E9.31: the rear camera on phones, 4:3. */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: {
    facingMode: { ideal: 'environment' },
    aspectRatio: { ideal: CAMERA_ASPECT },
    width: { ideal: 1280 },
  },
};

/**
 * E9.28: a code is not looked up again within SAME_CODE_PAUSE_MS. The pause counts from the last
 * time the code was seen, so a badge held in front of the camera is read once, not every 2 s (in
 * fast mode each read would check the person in and out again).
 */
export class SameCodeGate {
  private last: { code: string; seenAt: number } | null = null;

  constructor(private readonly pauseMs: number = SAME_CODE_PAUSE_MS) {}

  /** True when `code`, seen at `now` (ms), should be looked up. */
  accept(code: string, now: number): boolean {
    const repeat = this.last !== null && this.last.code === code && now - this.last.seenAt < this.pauseMs;
    this.last = { code, seenAt: now };
    return !repeat;
  }

  /** Forgets the last code (scanning again on purpose, e.g. after "Scan next"). */
  reset(): void {
    this.last = null;
  }
}

export type CameraErrorKind = 'denied' | 'notFound' | 'busy' | 'failed';

/** What a getUserMedia (or decoder) failure means for the person holding the device (E8.21). */
export function cameraErrorKind(error: unknown): CameraErrorKind {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') {
    return 'denied';
  }
  if (
    name === 'NotFoundError' ||
    name === 'OverconstrainedError' ||
    name === 'DevicesNotFoundError' ||
    name === 'NotSupportedError'
  ) {
    return 'notFound';
  }
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'busy';
  return 'failed';
}

export interface Region {
  x: number;
  y: number;
  size: number;
}

/**
 * The scan box's side on screen: SCAN_BOX_PX, smaller on a preview too small for it (at most 80 % of
 * its shorter side).
 */
export function boxSide(viewWidth: number, viewHeight: number): number {
  return Math.max(0, Math.floor(Math.min(SCAN_BOX_PX, 0.8 * Math.min(viewWidth, viewHeight))));
}

/**
 * The part of the camera frame under the scan box, in the frame's own pixels: the preview shows the
 * frame scaled to cover it (object-fit: cover), centred, and the box sits in the middle.
 */
export function frameRegion(
  frame: { width: number; height: number },
  view: { width: number; height: number },
): Region | null {
  if (frame.width <= 0 || frame.height <= 0 || view.width <= 0 || view.height <= 0) return null;
  const scale = Math.max(view.width / frame.width, view.height / frame.height);
  const size = Math.min(frame.width, frame.height, Math.round(boxSide(view.width, view.height) / scale));
  if (size <= 0) return null;
  return {
    x: Math.round((frame.width - size) / 2),
    y: Math.round((frame.height - size) / 2),
    size,
  };
}
