import { mergeBadgeText } from '@foyer/contract';

/**
 * Attendee text in what goes raw to a printer (E4.75): a ZPL label, an EPL one, or plain text. A
 * value (a name, a company, a job title: typed by the attendee) prints as typed and can never be
 * read as a command, whatever printer language the organizer's template is written in:
 *
 * - everywhere, control characters (line breaks of any kind, NUL, ESC, STX…) become spaces, so a
 *   value stays on its line and cannot start an ESC/POS, DPL, CPCL or EPL command;
 * - ZPL: in field data the prefixes (`^` and `~`, or what the template made them with `^CC`/`~CC`
 *   and `^CT`/`~CT`) and the `^FH` indicator are written as hex; elsewhere they become spaces;
 * - EPL: in a quoted string `"` and `\` are escaped (`\"`, `\\`); elsewhere they become spaces.
 */

/**
 * What may not reach a printer inside attendee text: C0 and C1 control characters (line feed,
 * carriage return, NUL, NEL…), DEL and the Unicode line and paragraph separators. Each becomes a
 * space, so a value stays on its line.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
const LINE_BREAKERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

export const noBreaks = (value: string) => value.replace(LINE_BREAKERS, ' ');

const hex = (char: string, indicator: string) =>
  [...Buffer.from(char, 'utf8')]
    .map((byte) => `${indicator}${byte.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('');

/**
 * Field data under `^FH` (indicator `_` unless the field names another): the indicator starts a
 * hex byte, so it, `^` and `~` (which would end the field or start a command) and the `prefixes`
 * a template set instead of them are written as hex (`_5F`, `_5E`, `_7E`); control characters
 * become spaces. In a field block (`block`: the field has an `^FB`) a backslash is doubled, as `\&`
 * there is a line break and `\\` one backslash.
 */
export function zplField(
  value: string,
  options: { indicator?: string; block?: boolean; prefixes?: readonly string[] } = {},
): string {
  const { indicator = '_', block = false, prefixes = [] } = options;
  let out = '';
  for (const char of noBreaks(value)) {
    if (char === indicator || char === '^' || char === '~' || prefixes.includes(char)) {
      out += hex(char, indicator);
    } else if (block && char === '\\') {
      out += '\\\\';
    } else {
      out += char;
    }
  }
  return out;
}

const MERGE_FIELD = /\{(\w+)\}/g;

/** Merges `text`, literal parts through `literal` and values through `value`, in order. */
function mergeWith(
  text: string,
  values: Record<string, string>,
  literal: (part: string) => string,
  value: (part: string) => string,
): string {
  let out = '';
  let at = 0;
  for (const m of text.matchAll(MERGE_FIELD)) {
    const found = values[m[1] ?? ''];
    if (found === undefined) continue;
    out += literal(text.slice(at, m.index));
    out += value(found);
    at = m.index + m[0].length;
  }
  return out + literal(text.slice(at));
}

const hasMergeField = (text: string, values: Record<string, string>) =>
  [...text.matchAll(MERGE_FIELD)].some((f) => values[f[1] ?? ''] !== undefined);

// ---------------------------------------------------------------- ZPL

/** A ZPL label: `^XA`, or a template that sets its own prefixes (`~CC!` … `!XA`). */
export const isZplTemplate = (text: string) => /\^XA|[\^~]C[CT][^\s{]/i.test(text);

/**
 * A ZPL template with the values merged, read command by command with the prefixes in effect
 * (`^CC`/`~CC` change the caret, `^CT`/`~CT` the tilde). In field data (`^FD`, `^FV`) a value is
 * hex-escaped under the field's `^FH` (one is added, with `_`, to a field that has none, its own `_`
 * then escaped too); elsewhere (a comment, a parameter) the prefixes cannot be escaped and become
 * spaces. Fields without merge fields are left as written.
 */
export function mergeZplTemplate(template: string, values: Record<string, string>): string {
  let caret = '^';
  let tilde = '~';
  const specials = () => ['^', '~', caret, tilde];
  const outside = (text: string) =>
    mergeWith(
      text,
      values,
      (part) => part,
      (value) => [...noBreaks(value)].map((c) => (specials().includes(c) ? ' ' : c)).join(''),
    );
  // The current field's ^FH indicator (null: none yet) and whether it has an ^FB, since its last ^FS.
  let indicator: string | null = null;
  let block = false;
  const nextCommand = (from: number) => {
    for (let i = from; i < template.length; i += 1) {
      const c = template[i];
      if (c === caret || c === tilde) return i;
    }
    return template.length;
  };
  let at = nextCommand(0);
  let out = outside(template.slice(0, at));
  while (at < template.length) {
    const prefix = template[at] ?? '';
    const name = template.slice(at + 1, at + 3).toUpperCase();
    if (name === 'CC' || name === 'CT') {
      const char = template[at + 3];
      const end = Math.min(template.length, at + 4);
      out += outside(template.slice(at, end));
      if (char && !/[\s{]/.test(char)) {
        if (name === 'CC') caret = char;
        else tilde = char;
      }
      at = nextCommand(end);
      out += outside(template.slice(end, at));
      continue;
    }
    const end = nextCommand(at + 1);
    const body = template.slice(at + 3, end);
    if (prefix === caret && name === 'FS') {
      indicator = null;
      block = false;
    } else if (prefix === caret && name === 'FB') {
      block = true;
    } else if (prefix === caret && name === 'FH') {
      const own = body[0];
      indicator = own && !/[\s{]/.test(own) ? own : '_';
    }
    if (prefix === caret && (name === 'FD' || name === 'FV') && hasMergeField(body, values)) {
      const prefixes = specials();
      if (indicator !== null) {
        const ind = indicator;
        out +=
          prefix +
          name +
          mergeWith(
            body,
            values,
            (p) => p,
            (v) => zplField(v, { indicator: ind, block, prefixes }),
          );
      } else {
        out += `${caret}FH_${prefix}${name}${mergeWith(
          body,
          values,
          (part) => part.replace(/_/g, '_5F'),
          (v) => zplField(v, { block, prefixes }),
        )}`;
      }
    } else {
      out += outside(template.slice(at, end));
    }
    at = end;
  }
  return out;
}

// ---------------------------------------------------------------- EPL

/** An EPL2 label: a text or barcode command (`A`, `B`, `b` with x,y), or the clear-buffer `N` line. */
export const isEplTemplate = (text: string) => /^(?:[ABb]\d+,\d+,|N\s*$)/m.test(text);

/**
 * An EPL template with the values merged: in a quoted string (a text or barcode's data) a value's
 * `"` and `\` are escaped, so it cannot end the string; elsewhere they become spaces. Line breaks
 * become spaces everywhere, so no value starts a command line.
 */
export function mergeEplTemplate(template: string, values: Record<string, string>): string {
  let quoted = false;
  const literal = (part: string) => {
    for (let i = 0; i < part.length; i += 1) {
      const c = part[i];
      if (c === '\n') quoted = false;
      else if (c === '\\' && quoted) i += 1;
      else if (c === '"') quoted = !quoted;
    }
    return part;
  };
  const value = (v: string) =>
    quoted ? noBreaks(v).replace(/[\\"]/g, (c) => `\\${c}`) : noBreaks(v).replace(/[\\"]/g, ' ');
  return mergeWith(template, values, literal, value);
}

/** A raw template with the values merged, in its printer language. */
export function mergeRawTemplate(template: string, values: Record<string, string>): string {
  if (isZplTemplate(template)) return mergeZplTemplate(template, values);
  if (isEplTemplate(template)) return mergeEplTemplate(template, values);
  const clean: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) clean[name] = noBreaks(value);
  return mergeBadgeText(template, clean);
}
