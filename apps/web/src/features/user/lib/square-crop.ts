import { AVATAR_MAX_PX } from '@foyer/contract';
import { assertCropBox } from '../../../lib/crop-minimum';

export interface SquareCrop {
  /** Source rectangle: the largest centred square. */
  sx: number;
  sy: number;
  size: number;
  /** Side of the output image: the square, scaled down to the avatar limit. */
  out: number;
}

/** A5.36, A5.37: centred square crop of a width×height image, at most 700×700 out. */
export function squareCrop(width: number, height: number, max = AVATAR_MAX_PX): SquareCrop {
  const size = Math.max(0, Math.floor(Math.min(width, height)));
  return {
    sx: Math.floor((width - size) / 2),
    sy: Math.floor((height - size) / 2),
    size,
    out: Math.min(size, max),
  };
}

/**
 * Draws the centred square of an image or video frame onto a canvas and returns it as a JPEG data
 * URL the photo action accepts. JPEG keeps a 700×700 photo far below 2 MB; a white background
 * keeps transparent PNGs from turning black.
 */
export function cropToDataUrl(source: CanvasImageSource, width: number, height: number): string {
  const crop = squareCrop(width, height);
  assertCropBox(crop.size, crop.size); // E9.23: also refuses an empty image
  const canvas = document.createElement('canvas');
  canvas.width = crop.out;
  canvas.height = crop.out;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas unavailable');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, crop.out, crop.out);
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, crop.sx, crop.sy, crop.size, crop.size, 0, 0, crop.out, crop.out);
  return canvas.toDataURL('image/jpeg', 0.9);
}

/** Decodes a picked file and crops it; rejects when the browser cannot read it as an image. */
export async function cropFile(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    return cropToDataUrl(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}
