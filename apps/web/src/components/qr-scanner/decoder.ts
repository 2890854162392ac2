import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * ZXing-C++ compiled to WebAssembly: reads QR codes (and the Code 128 of text-printer badges) in every
 * browser, not only where the browser has a BarcodeDetector. The .wasm file is one of our own built
 * assets (Vite's `?url`), never a CDN: the library's default would fetch it from jsDelivr.
 */
let ready: Promise<unknown> | null = null;

export function prepareDecoder(): Promise<unknown> {
  ready ??= prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  }).catch((error: unknown) => {
    ready = null; // a later start tries again (e.g. after the network came back)
    throw error;
  });
  return ready;
}

/** The first code in the picture, or null. */
export async function decode(image: ImageData): Promise<string | null> {
  await prepareDecoder();
  const results = await readBarcodes(image, {
    formats: ['QRCode', 'Code128'],
    tryHarder: true,
    maxNumberOfSymbols: 1,
  });
  return results.find((r) => r.isValid && r.text)?.text ?? null;
}
