/** Images that uploads in tests send: the server reads a picture's size from its bytes. */

/** A real 1 × 1 PNG, base64. */
export const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The 1 × 1 PNG whose header says width × height, base64. */
export function pngBase64(width: number, height: number): string {
  const bytes = Buffer.from(PNG_1X1, 'base64');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes.toString('base64');
}

/** The same as a data URL, as the console and the app send it. */
export const pngDataUrl = (width = 1, height = 1): string =>
  `data:image/png;base64,${pngBase64(width, height)}`;
