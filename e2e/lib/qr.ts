import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator } from 'playwright-core';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

let prepared = false;

/** The texts of the QR codes in an image file, read by ZXing (its wasm from the package, not a CDN). */
export async function decodeQr(image: Uint8Array): Promise<string[]> {
  if (!prepared) {
    const require = createRequire(import.meta.url);
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
      fireImmediately: true,
    });
    prepared = true;
  }
  const found = await readBarcodes(image, { formats: ['QRCode'], tryHarder: true });
  return found.filter((b) => b.isValid).map((b) => b.text);
}

/** What a QR code on screen says, from a screenshot of it, as a phone camera would see it. */
export async function qrOnScreen(locator: Locator): Promise<string[]> {
  return decodeQr(new Uint8Array(await locator.screenshot()));
}
