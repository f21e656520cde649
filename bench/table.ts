// One row per figure: its value, what it is measured against, the target and whether it is met.
export interface Row {
  section: string;
  figure: string;
  value: string;
  target?: string;
  met?: boolean;
}

export function formatTable(rows: Row[]): string {
  const cells = rows.map((r) => [
    r.section,
    r.figure,
    r.value,
    r.target ?? '',
    r.met === undefined ? '' : r.met ? 'met' : 'NOT MET',
  ]);
  const header = ['section', 'figure', 'value', 'target', 'status'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [line(header), rule, ...cells.map(line)].join('\n');
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
export const ratio = (value: number) => `${value.toFixed(2)}x`;

/** The middle value; with an even count, the mean of the two middle ones. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle)
    ? (sorted[middle - 1]! + sorted[middle]!) / 2
    : sorted[Math.floor(middle)]!;
}

/** Nearest rank: the smallest value with at least p% of the values at or below it. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
