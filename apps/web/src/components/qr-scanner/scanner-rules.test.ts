import { describe, expect, it } from 'vitest';
import {
  boxSide,
  CAMERA_ASPECT,
  CAMERA_CONSTRAINTS,
  CAMERA_ZOOM,
  cameraErrorKind,
  frameRegion,
  SAME_CODE_PAUSE_MS,
  SameCodeGate,
  SCAN_BOX_PX,
  SCAN_EVERY_MS,
} from './scanner-rules';

describe('camera scanner rules', () => {
  it('E9.26 E9.27 E9.29 E9.30 E9.31 reads 10 times a second in a 250 px box, rear camera zoomed 3x, 4:3', () => {
    expect(SCAN_EVERY_MS).toBe(100);
    expect(CAMERA_ZOOM).toBe(3);
    expect(SCAN_BOX_PX).toBe(250);
    expect(CAMERA_ASPECT).toBe(4 / 3);
    expect(CAMERA_CONSTRAINTS.video).toMatchObject({
      facingMode: { ideal: 'environment' },
      aspectRatio: { ideal: 4 / 3 },
    });
  });

  it('E9.28 does not pass the same code on again within 2000 ms of seeing it', () => {
    const gate = new SameCodeGate();
    expect(gate.accept('A', 0)).toBe(true);
    expect(gate.accept('A', 100)).toBe(false);
    expect(gate.accept('A', 100 + SAME_CODE_PAUSE_MS - 1)).toBe(false); // still in view: pause goes on
    expect(gate.accept('A', 100 + 2 * SAME_CODE_PAUSE_MS)).toBe(true); // gone for 2 s, then back
    expect(gate.accept('B', 100 + 2 * SAME_CODE_PAUSE_MS + 1)).toBe(true); // another code at once
    expect(gate.accept('A', 100 + 2 * SAME_CODE_PAUSE_MS + 2)).toBe(true);
    gate.reset();
    expect(gate.accept('A', 100 + 2 * SAME_CODE_PAUSE_MS + 3)).toBe(true);
  });

  it('E8.21 tells denied, no camera and busy apart', () => {
    expect(cameraErrorKind({ name: 'NotAllowedError' })).toBe('denied');
    expect(cameraErrorKind({ name: 'SecurityError' })).toBe('denied');
    expect(cameraErrorKind({ name: 'NotFoundError' })).toBe('notFound');
    expect(cameraErrorKind({ name: 'OverconstrainedError' })).toBe('notFound');
    expect(cameraErrorKind({ name: 'NotReadableError' })).toBe('busy');
    expect(cameraErrorKind(new Error('wasm failed'))).toBe('failed');
    expect(cameraErrorKind(null)).toBe('failed');
  });

  it('E9.27 reads the part of the frame under the box, in frame pixels', () => {
    // A 640×480 frame shown 400×300: the box is 240 px on screen (80 % of 300), 384 frame pixels.
    expect(boxSide(400, 300)).toBe(240);
    expect(frameRegion({ width: 640, height: 480 }, { width: 400, height: 300 })).toEqual({
      x: 128,
      y: 48,
      size: 384,
    });
    // Shown larger than the box needs: 250 px on a 960×720 preview of a 1280×960 frame.
    expect(boxSide(960, 720)).toBe(250);
    expect(frameRegion({ width: 1280, height: 960 }, { width: 960, height: 720 })).toEqual({
      x: 474,
      y: 314,
      size: 333,
    });
    expect(frameRegion({ width: 0, height: 0 }, { width: 400, height: 300 })).toBeNull();
  });
});
