/**
 * CSV of a result (RFC 4180): a header of column names, then the rows; a
 * NULL is an empty field, text is written as it is (no formula guard: this
 * is the database's data, for the admin). Fields with a comma, quote or
 * line break are quoted.
 */
export function toCSV(columns: readonly string[], rows: readonly (readonly (string | null)[])[]): string {
  const field = (v: string | null) => (v === null ? '' : /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v)
  return [columns, ...rows].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n'
}

/** Tab-separated rows for the clipboard (spreadsheets paste them as cells); NULL is empty. */
export function toTSV(columns: readonly string[], rows: readonly (readonly (string | null)[])[]): string {
  const field = (v: string | null) => (v ?? '').replace(/[\t\r\n]+/g, ' ')
  return [columns, ...rows].map((r) => r.map(field).join('\t')).join('\n')
}
