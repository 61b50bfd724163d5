import type { Cell, Row } from '../generator/types';

const SPECIAL = /[\\\t\n\r]/;
const SPECIAL_ALL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One field in COPY's text format: \N for null, t/f for booleans, backslash escapes in text. */
export function copyField(value: Cell): string {
  if (value === null) return '\\N';
  if (typeof value === 'string') return SPECIAL.test(value) ? value.replace(SPECIAL_ALL, (c) => ESCAPES[c]) : value;
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return String(value);
}

/** Rows as COPY text lines, each led by `prefix` (the tenant id and a tab). */
export function copyLines(prefix: string, rows: readonly Row[]): string {
  let out = '';
  for (const row of rows) {
    let line = prefix;
    for (let i = 0; i < row.length; i++) line += (i ? '\t' : '') + copyField(row[i]);
    out += `${line}\n`;
  }
  return out;
}
