import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

/**
 * Test helpers for tickets: the QR codes read back with ZXing (as a door scanner would, the wasm
 * from the package, not a CDN), and the text a PDF page draws.
 */

let prepared = false;

/** The texts of the QR codes in an image file (PNG, JPEG). */
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

/** The decoded content streams of a PDF's first page (the text is in there as glyph hex strings). */
export async function firstPageContent(
  bytes: Uint8Array,
): Promise<{ pages: number; size: { width: number; height: number }; content: string }> {
  const doc = await PDFDocument.load(bytes);
  const page = doc.getPage(0);
  const contents = page.node.Contents();
  const streams = contents && 'asArray' in contents ? contents.asArray() : [contents];
  let content = '';
  for (const ref of streams) {
    const stream = ref ? doc.context.lookup(ref) : undefined;
    if (stream instanceof PDFRawStream)
      content += Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
  }
  return { pages: doc.getPageCount(), size: page.getSize(), content };
}

/** The inline parts of a raw MIME message: content id → decoded bytes (base64 parts). */
export function inlineParts(raw: string): Map<string, Buffer> {
  const parts = new Map<string, Buffer>();
  for (const chunk of raw.split(/\r?\n--/)) {
    const cid = /^Content-ID:\s*<([^>]+)>/im.exec(chunk)?.[1];
    if (!cid || !/Content-Transfer-Encoding:\s*base64/i.test(chunk)) continue;
    const body = chunk
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('');
    parts.set(cid, Buffer.from(body.replace(/\s+/g, ''), 'base64'));
  }
  return parts;
}

/** A quoted-printable body as it was sent (soft breaks and =XX escapes undone). */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
