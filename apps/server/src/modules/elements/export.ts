/** One row of an exported query result. */
export interface ExportRow {
  model: string;
  guid: string;
  type: string;
  name: string;
  storey: string;
}

const HEADER = ['Model', 'GlobalId', 'Type', 'Name', 'Storey'] as const;
const columns = (row: ExportRow) => [row.model, row.guid, row.type, row.name, row.storey];

/**
 * RFC 4180 CSV with a UTF-8 byte order mark (Excel then reads Chinese names right). A cell that
 * starts like a formula gets a leading apostrophe, so opening the file never runs one.
 */
export function toCsv(rows: ExportRow[]): Buffer {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  const lines = [HEADER.join(','), ...rows.map((row) => columns(row).map(cell).join(','))];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/**
 * One sheet, a bold header row, every cell a string (write-excel-file, loaded on the first
 * export: the idle server does not hold it).
 */
export async function toXlsx(rows: ExportRow[]): Promise<Buffer> {
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const data = [
    HEADER.map((value) => ({ value, fontWeight: 'bold' as const })),
    ...rows.map((row) => columns(row).map((value) => ({ value }))),
  ];
  const result = await writeXlsxFile(data, { sheet: 'Elements' }).toBuffer();
  return result;
}
