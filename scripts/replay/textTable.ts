// The columns --list and --stats print: each cell made printable before the widths are measured,
// so a log's text can neither forge a line nor push the columns of the other rows.
import { printable } from '../../contract/printable';

/** The header and the rows as aligned lines; the columns in `rightAligned` are padded left. */
export function textTable(header: string[], rows: string[][], rightAligned: number[]): string[] {
  const cells = rows.map((row) => row.map(printable));
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((row) => row[column]!.length)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        rightAligned.includes(column)
          ? cell.padStart(widths[column]!)
          : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  return [line(header), ...cells.map(line)];
}
