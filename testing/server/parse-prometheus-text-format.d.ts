// The parser ships no types; these are the shapes it returns (prom2json's).
declare module 'parse-prometheus-text-format' {
  interface Sample {
    labels?: Record<string, string>;
    value: string;
  }
  interface HistogramSample {
    labels?: Record<string, string>;
    buckets: Record<string, string>;
    count: string;
    sum: string;
  }
  interface MetricFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: Array<Sample | HistogramSample>;
  }
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
