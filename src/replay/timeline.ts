// The replay command's timeline: each action in words (describe.ts), when it happened relative to
// the log's start, and where the visitor stood after it.
import type { RootState } from '../../store/rootReducer';

import { relativeTime, type Step } from './describe';

export interface TimelineRow {
  index: string;
  time: string;
  text: string;
  path: string;
  auth: string;
}

export function timelineRow(step: Step, state: RootState): TimelineRow {
  const location = state.router?.location;
  return {
    index: String(step.index),
    time: relativeTime(step.offsetMs),
    text: step.failed ? `${step.text}  <<` : step.text,
    path: location ? `${location.pathname}${location.search}${location.hash}` : '-',
    auth: state.auth?.status ?? '-',
  };
}

const TIME_WIDTH = 10;
const PATH_WIDTH = 32;
const HEADER: TimelineRow = {
  index: '#',
  time: 'time',
  text: 'what happened',
  path: 'path',
  auth: 'auth',
};

/** Fixed-width text lines (a longer path pushes its row's last column). */
export function formatRow(row: TimelineRow, indexWidth: number, textWidth: number): string {
  return [
    row.index.padStart(indexWidth),
    row.time.padStart(TIME_WIDTH),
    row.text.padEnd(textWidth),
    row.path.padEnd(PATH_WIDTH),
    row.auth,
  ].join('  ');
}

export function formatHeader(indexWidth: number, textWidth: number): string {
  return formatRow(HEADER, indexWidth, textWidth);
}
