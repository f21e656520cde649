// The server's Prometheus metrics as a scraper reads them: fetched, then parsed by a Prometheus text
// parser (parse-prometheus-text-format, a port of the reference Python client's parser).
import parsePrometheusTextFormat from 'parse-prometheus-text-format';

export type Families = ReturnType<typeof parsePrometheusTextFormat>;

export interface Scraped {
  families: Families;
  /** Each family's type, as its `# TYPE` line says. */
  types: Map<string, string>;
}

/**
 * Fetches and parses a scrape. The parser folds every labelled series of a histogram into one (it
 * keeps one set of buckets and drops the labels), so histograms are read as the untyped series
 * they are written as (`<name>_bucket`, `_sum`, `_count`), which the format also allows.
 */
export async function scrape(url: string): Promise<Scraped> {
  const answer = await fetch(url);
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await answer.text();
  const types = new Map(
    [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name = '', type = '']) => [name, type]),
  );
  const families = parsePrometheusTextFormat(
    text.replace(/^(# TYPE \S+) histogram$/gm, '$1 untyped'),
  );
  return { families, types };
}

/** The samples of `name` (every family of that name: an untyped histogram's come in runs). */
export function samplesOf({ families }: Scraped, name: string) {
  return families.filter((candidate) => candidate.name === name).flatMap((f) => f.metrics);
}

/**
 * The sum of the samples of `name` whose labels include `labels` (`<histogram>_count` for the
 * requests a histogram counted); 0 when none has them yet.
 */
export function valueOf(
  scraped: Scraped,
  name: string,
  labels: Record<string, string> = {},
): number {
  return samplesOf(scraped, name)
    .filter((sample) =>
      Object.entries(labels).every(([label, value]) => sample.labels?.[label] === value),
    )
    .reduce((sum, sample) => sum + Number('value' in sample ? sample.value : Number.NaN), 0);
}
