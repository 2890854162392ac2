import { describe, expect, it } from 'vitest';
import { boothCrop } from '../features/booths/lib/image-crop';
import { cropToDataUrl } from '../features/user/lib/square-crop';
import { assertCropBox, CropTooSmallError, cropBoxLargeEnough } from './crop-minimum';

describe('the crop minimum box', () => {
  it('E9.23 a crop box is at least 10×10 px', () => {
    expect(cropBoxLargeEnough(10, 10)).toBe(true);
    expect(cropBoxLargeEnough(700, 700)).toBe(true);
    expect(cropBoxLargeEnough(9, 10)).toBe(false);
    expect(cropBoxLargeEnough(10, 9)).toBe(false);
    expect(cropBoxLargeEnough(0, 0)).toBe(false);
    expect(() => assertCropBox(9, 9)).toThrow(CropTooSmallError);
    expect(() => assertCropBox(10, 10)).not.toThrow();
  });

  it('E9.23 the photo crop of an image under 10 px on a side is refused before drawing', () => {
    const image = {} as CanvasImageSource;
    expect(() => cropToDataUrl(image, 9, 40)).toThrow(CropTooSmallError);
    expect(() => cropToDataUrl(image, 0, 0)).toThrow(CropTooSmallError);
  });

  it('E9.23 the logo and banner crops are refused under 10 px, allowed from 10 px', () => {
    expect(() => boothCrop(9, 9, 'logo')).toThrow(CropTooSmallError);
    expect(boothCrop(10, 10, 'logo')).toMatchObject({ sw: 10, sh: 10 });
    // 1260:250 from a 40×40 source is a 40×7 box: too low.
    expect(() => boothCrop(40, 40, 'banner')).toThrow(CropTooSmallError);
    // From 51 px wide the banner box is 10 px high.
    expect(boothCrop(51, 51, 'banner')).toMatchObject({ sw: 51, sh: 10 });
    expect(boothCrop(1260, 400, 'banner')).toMatchObject({ sw: 1260, sh: 250 });
  });
});
