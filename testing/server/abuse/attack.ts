// Counting what an attack got: answers by status, and whether every refusal says when to retry.
import type { Answer } from '../client';

export function tally(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** Retry-After values of the 429s; a 429 without one shows as NaN. */
export function retryAfters(answers: Answer[]): number[] {
  return answers
    .filter((answer) => answer.status === 429)
    .map((answer) => Number(answer.headers.get('retry-after') ?? Number.NaN));
}

/** Runs `count` tasks, `width` at a time. */
export async function inWaves<T>(
  count: number,
  width: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += width) {
    const wave = Array.from({ length: Math.min(width, count - start) }, (_, i) => task(start + i));
    results.push(...(await Promise.all(wave)));
  }
  return results;
}
