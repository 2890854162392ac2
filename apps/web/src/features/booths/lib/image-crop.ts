import { type AspectCrop, aspectCrop, type BoothImageKind } from '@foyer/contract';
import { assertCropBox } from '../../../lib/crop-minimum';

/** The kind's centred crop of a width×height image; E9.23: refused when under 10×10 px. */
export function boothCrop(width: number, height: number, kind: BoothImageKind): AspectCrop {
  const crop = aspectCrop(width, height, kind);
  assertCropBox(crop.sw, crop.sh);
  return crop;
}

/**
 * A9.08, A9.09: draws the centred crop of a picked image in the kind's aspect (banner 1260:250,
 * logo 700:700) and returns it as a JPEG data URL of at most the kind's size. A white background
 * keeps transparent PNG logos from turning black.
 */
export async function cropBoothImage(file: Blob, kind: BoothImageKind): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    const crop = boothCrop(bitmap.width, bitmap.height, kind);
    const canvas = document.createElement('canvas');
    canvas.width = crop.width;
    canvas.height = crop.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('canvas unavailable');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, crop.width, crop.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, crop.width, crop.height);
    return canvas.toDataURL('image/jpeg', 0.9);
  } finally {
    bitmap.close();
  }
}
