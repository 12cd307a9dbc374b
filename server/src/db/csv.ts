// CSV text for COPY … WITH (FORMAT csv). Kept apart from database.ts so the market generator's
// worker thread can build COPY input without loading the database drivers.

export type CopyValue = string | number | boolean | null;

/** RFC 4180 CSV; NULL is an unquoted empty field, an empty string is `""` (COPY's CSV rules). */
export function toCsv(rows: Iterable<CopyValue[]>): { chunks: string[]; count: number } {
  const chunks: string[] = [];
  let buffer = '';
  let count = 0;
  for (const row of rows) {
    buffer += row.map(csvField).join(',') + '\n';
    count++;
    // Chunk so a large load never builds one giant string.
    if (buffer.length > 1 << 20) {
      chunks.push(buffer);
      buffer = '';
    }
  }
  if (buffer) chunks.push(buffer);
  return { chunks, count };
}

function csvField(value: CopyValue): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`copyRows: non-finite number ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return `"${value.replaceAll('"', '""')}"`;
}
