/**
 * CSV as spreadsheets read it (RFC 4180), safe to open: the subscriber export holds addresses
 * visitors typed, and a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return is run as a
 * formula by Excel, LibreOffice and Google Sheets (CSV injection, OWASP). Such a cell gets a leading `'`,
 * which those programs show as text.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: guarded against formulas, quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text with CRLF line ends (RFC 4180) and a final line end. */
export function csvText(rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
