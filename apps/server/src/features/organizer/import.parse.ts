import { ErrorCode, IMPORT_MAX_BYTES, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS } from '@foyer/contract';
import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { AppError } from '../../http/errors';

/**
 * Reading an uploaded import file into text cells (decision 016). Nothing here evaluates a cell: a
 * CSV cell is the text between its delimiters, an XLSX formula cell is its formula as typed (`=…`),
 * never its result; the values are data, stored as such and escaped by every export.
 */

export interface ParsedFile {
  fileType: 'csv' | 'xlsx';
  headers: string[];
  /** Data rows (the header row excluded), each padded or cut to the headers' length. */
  rows: string[][];
  /**
   * The spreadsheet's number of each data row (1 is the first line or row of the file): empty rows
   * are left out of `rows` but still counted, so an error names the row the organizer sees.
   */
  rowNumbers: number[];
}

/** A whole XLSX may not unpack to more than this (a zip bomb is refused before exceljs opens it). */
const MAX_XLSX_UNPACKED = 200 * 1024 * 1024;
/**
 * A cell longer than this is cut. It is above every column's limit (a session's description takes
 * 20,000), so a cut cell is still too long and validation reports it: nothing is shortened unseen.
 */
const MAX_CELL = 20_001;

const fileError = (key: string, message: string, status = 400) =>
  new AppError(status, status === 413 ? ErrorCode.PayloadTooLarge : ErrorCode.Validation, message, {
    contentBase64: key,
  });

export const fileTooLarge = () =>
  fileError('organizer.import.error.fileTooLarge', 'The file is larger than 10 MB', 413);

/** Decodes the upload; a bad or oversize payload is a 4xx with the field key, never a 5xx. */
export function decodeUpload(contentBase64: string): Buffer {
  const text = contentBase64.replace(/^data:[^,]*,/, '');
  if (text.length > Math.ceil(IMPORT_MAX_BYTES / 3) * 4 + 4) throw fileTooLarge();
  if (!/^[A-Za-z0-9+/\r\n]*={0,2}\s*$/.test(text)) {
    throw fileError('organizer.import.error.fileFormat', 'The file is not valid base64');
  }
  const buffer = Buffer.from(text, 'base64');
  if (buffer.length > IMPORT_MAX_BYTES) throw fileTooLarge();
  if (buffer.length === 0) throw fileError('organizer.import.error.empty', 'The file is empty');
  return buffer;
}

const isZip = (buffer: Buffer) => buffer.length > 4 && buffer.readUInt32LE(0) === 0x04034b50;

/** NUL and the other C0 controls but tab, line feed and carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to drop.
const CONTROL_CHARACTERS = /[\x00-\x08\x0b\x0c\x0e-\x1f]/g;

/** Cleans a cell: no NUL (PostgreSQL text refuses it), no surrounding spaces, a bounded length. */
export function cleanCell(value: string): string {
  return value.replace(CONTROL_CHARACTERS, '').trim().slice(0, MAX_CELL);
}

/** `all` holds each row with its number in the file; empty ones are dropped here. */
function shape(all: [number, string[]][], fileType: ParsedFile['fileType']): ParsedFile {
  const nonEmpty = all.filter(([, row]) => row.some((cell) => cell !== ''));
  const [first, ...numbered] = nonEmpty;
  const head = first?.[1];
  const body = numbered.map(([, row]) => row);
  if (!head) throw fileError('organizer.import.error.empty', 'The file has no rows');
  if (head.length > IMPORT_MAX_COLUMNS) {
    throw fileError(
      'organizer.import.error.tooManyColumns',
      `A file may have at most ${IMPORT_MAX_COLUMNS} columns`,
    );
  }
  if (body.length > IMPORT_MAX_ROWS) {
    throw fileError('organizer.import.error.tooManyRows', `A file may have at most ${IMPORT_MAX_ROWS} rows`);
  }
  const width = head.length;
  const rows = body.map((row) => {
    const cells = row.slice(0, width);
    while (cells.length < width) cells.push('');
    return cells;
  });
  return { fileType, headers: head, rows, rowNumbers: numbered.map(([number]) => number) };
}

/**
 * The text of a CSV: UTF-16 when it starts with its byte-order mark (Excel's "Unicode Text", tab
 * separated); UTF-8 (TextDecoder drops its byte-order mark); or, when the bytes are not UTF-8,
 * Windows-1252 — what Excel's plain "CSV" saves on Windows, and a superset of Latin-1 — rather than
 * every ü turned into U+FFFD and stored so.
 */
function csvText(buffer: Buffer): string {
  if (buffer.length >= 2 && buffer[0] === 0xff && buffer[1] === 0xfe) {
    return new TextDecoder('utf-16le').decode(buffer);
  }
  if (buffer.length >= 2 && buffer[0] === 0xfe && buffer[1] === 0xff) {
    return new TextDecoder('utf-16be').decode(buffer);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return new TextDecoder('windows-1252').decode(buffer);
  }
}

function parseCsv(buffer: Buffer): ParsedFile {
  const text = csvText(buffer);
  // Mostly NUL bytes: UTF-16 without its byte-order mark, or a binary file: not a CSV.
  if (text.split('\u0000').length > text.length / 4) {
    throw fileError('organizer.import.error.fileFormat', 'The file is not a CSV or XLSX file');
  }
  // The delimiter is guessed on the first rows without their empty lines: counted as rows of one
  // field, they make Papa's guess fail and fall back to a comma.
  const { delimiter } = Papa.parse<string[]>(text, {
    delimiter: '',
    delimitersToGuess: [',', ';', '\t', '|'],
    skipEmptyLines: 'greedy',
    preview: 100,
  }).meta;
  // Then row by row, numbered as a spreadsheet program shows them (empty lines count, a quoted line
  // break does not); empty rows are not kept, so a file of blank lines costs no memory, and reading
  // stops once there are more rows than shape() accepts.
  const all: [number, string[]][] = [];
  let number = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    step: (result, parser) => {
      number++;
      const cells = result.data.map((cell) => cleanCell(String(cell ?? '')));
      if (!cells.some((cell) => cell !== '')) return;
      all.push([number, cells]);
      if (all.length > IMPORT_MAX_ROWS + 1) parser.abort();
    },
  });
  return shape(all, 'csv');
}

/**
 * Sums the uncompressed sizes in the zip's central directory, so a small file that unpacks to
 * gigabytes is refused before anything is inflated.
 */
function unpackedSize(buffer: Buffer): number {
  const min = Math.max(0, buffer.length - 65_557);
  for (let i = buffer.length - 22; i >= min; i--) {
    if (buffer.readUInt32LE(i) !== 0x06054b50) continue;
    const entries = buffer.readUInt16LE(i + 10);
    let at = buffer.readUInt32LE(i + 16);
    let total = 0;
    for (let n = 0; n < entries; n++) {
      if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== 0x02014b50) return Number.POSITIVE_INFINITY;
      total += buffer.readUInt32LE(at + 24);
      at += 46 + buffer.readUInt16LE(at + 28) + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
    }
    return total;
  }
  return Number.POSITIVE_INFINITY;
}

type CellValue = ExcelJS.CellValue;

/**
 * A date cell as the wall-clock time it shows (`yyyy-MM-dd HH:mm`, or just the day at midnight).
 * Spreadsheet dates carry no zone; exceljs hands them over as that wall clock in UTC, and a sessions
 * import reads them in the event's zone.
 */
function dateCellText(value: Date): string {
  if (Number.isNaN(value.getTime())) return '';
  const iso = value.toISOString();
  const [day, clock] = [iso.slice(0, 10), iso.slice(11, 19)];
  if (clock === '00:00:00') return day;
  return `${day} ${clock.endsWith(':00') ? clock.slice(0, 5) : clock}`;
}

/** A cell as the text the organizer typed: formulas as `=formula`, never their computed result. */
export function xlsxCellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateCellText(value);
  if (typeof value !== 'object') return String(value);
  if ('formula' in value && typeof value.formula === 'string') return `=${value.formula}`;
  if ('sharedFormula' in value && typeof value.sharedFormula === 'string') return `=${value.sharedFormula}`;
  if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text).join('');
  if ('hyperlink' in value) {
    // A link's text is rich text when part of it is styled: read as a cell of its own.
    const text = (value as { text?: unknown }).text;
    if (text === undefined || text === null) return String(value.hyperlink ?? '');
    return typeof text === 'object' ? xlsxCellText(text as CellValue) : String(text);
  }
  if ('error' in value) return String(value.error);
  if ('text' in value) return String((value as { text: unknown }).text);
  return '';
}

async function parseXlsx(buffer: Buffer): Promise<ParsedFile> {
  if (unpackedSize(buffer) > MAX_XLSX_UNPACKED) {
    throw fileError('organizer.import.error.fileFormat', 'The spreadsheet is damaged or unpacks too large');
  }
  // Loaded on the first spreadsheet (~25 MB of a process's memory), not at start.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    // biome-ignore lint/suspicious/noExplicitAny: exceljs types want its own Buffer flavour.
    await workbook.xlsx.load(buffer as any);
  } catch {
    throw fileError('organizer.import.error.fileFormat', 'The file is not a readable XLSX spreadsheet');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fileError('organizer.import.error.empty', 'The spreadsheet has no sheet');
  if (sheet.rowCount > IMPORT_MAX_ROWS + 1) {
    throw fileError('organizer.import.error.tooManyRows', `A file may have at most ${IMPORT_MAX_ROWS} rows`);
  }
  const width = Math.min(sheet.columnCount, IMPORT_MAX_COLUMNS + 1);
  const all: [number, string[]][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(cleanCell(xlsxCellText(row.getCell(c).value)));
    all.push([row.number, cells]);
  });
  return shape(all, 'xlsx');
}

/** CSV (any usual delimiter, with or without a BOM) or XLSX (first sheet), by content, then name. */
export async function parseImportFile(fileName: string, buffer: Buffer): Promise<ParsedFile> {
  if (isZip(buffer)) return parseXlsx(buffer);
  if (/\.xlsx?$/i.test(fileName)) {
    throw fileError('organizer.import.error.fileFormat', 'The file is not a readable XLSX spreadsheet');
  }
  return parseCsv(buffer);
}
