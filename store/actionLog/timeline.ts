// The replay timeline's rows: what happened, when, and where the visitor stood after it.
import type { RootState } from '../rootReducer';

export interface TimelineRow {
  index: number;
  time: string;
  type: string;
  path: string;
  auth: string;
}

export function timelineRow(index: number, time: number, type: string, state: RootState) {
  const location = state.router?.location;
  return {
    index,
    time: Number.isFinite(time) ? new Date(time).toISOString() : '-',
    type,
    path: location ? `${location.pathname}${location.search}${location.hash}` : '-',
    auth: state.auth?.status ?? '-',
  } satisfies TimelineRow;
}

const PATH_WIDTH = 32;
const HEADER: TimelineRow = { index: -1, time: 'time', type: 'action', path: 'path', auth: 'auth' };

/** Fixed-width text lines (a longer path pushes its row's last column). */
export function formatRow(row: TimelineRow, indexWidth: number, typeWidth: number): string {
  const index = row.index < 0 ? '#' : String(row.index);
  return [
    index.padStart(indexWidth),
    row.time.padEnd(24),
    row.type.padEnd(typeWidth),
    row.path.padEnd(PATH_WIDTH),
    row.auth,
  ].join('  ');
}

export function formatHeader(indexWidth: number, typeWidth: number): string {
  return formatRow(HEADER, indexWidth, typeWidth);
}
