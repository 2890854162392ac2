import QRCode from 'qrcode';

/**
 * The ticket's QR code, the same symbol everywhere it appears (the e-mail, the PDF; the web draws
 * it with the same options): error correction M, black on white.
 */
export const TICKET_QR_OPTIONS = { errorCorrectionLevel: 'M' } as const;

/** The PNG of the registration e-mail: 8 px a module and a 4-module quiet zone, as scanners want. */
export function ticketQrPng(code: string): Promise<Buffer> {
  return QRCode.toBuffer(code, {
    ...TICKET_QR_OPTIONS,
    type: 'png',
    margin: 4,
    scale: 8,
    color: { dark: '#000000', light: '#ffffff' },
  });
}

/** The symbol's modules, row by row (true: dark), for drawing it as vector squares in the PDF. */
export function ticketQrModules(code: string): boolean[][] {
  const { modules } = QRCode.create(code, TICKET_QR_OPTIONS);
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, col) => Boolean(modules.get(row, col))),
  );
}
