import { CROP_MIN_BOX_PX } from '@foyer/contract';

/** E9.23: thrown when the crop box of a picked image would be under 10 px on a side. */
export class CropTooSmallError extends Error {
  constructor(width: number, height: number) {
    super(`crop box ${width}×${height} is under ${CROP_MIN_BOX_PX} px`);
    this.name = 'CropTooSmallError';
  }
}

/** E9.23: a crop box (photo, banner, logo) is at least 10×10 source pixels. */
export function cropBoxLargeEnough(width: number, height: number, min: number = CROP_MIN_BOX_PX): boolean {
  return width >= min && height >= min;
}

/** E9.23: refuses a crop box under the minimum, before anything is drawn or sent. */
export function assertCropBox(width: number, height: number): void {
  if (!cropBoxLargeEnough(width, height)) throw new CropTooSmallError(width, height);
}
