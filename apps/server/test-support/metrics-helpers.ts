import type { Metrics } from '../src/platform/metrics.ts';

/**
 * The value of one series of a family as the registry reports it; with `labels` given, the sum of
 * the series that carry them (e.g. every route of one status). A histogram's `_count` or `_sum`
 * series are asked for by that name.
 */
export async function metricValue(metrics: Metrics, name: string, labels: Record<string, string> = {}) {
  const family = name.replace(/_(count|sum|bucket)$/, '');
  const metric = metrics.registry.getSingleMetric(family) ?? metrics.registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const data = await metric.get();
  return data.values
    .filter((v) => ((v as { metricName?: string }).metricName ?? family) === name)
    .filter((v) => Object.entries(labels).every(([k, want]) => String(v.labels[k]) === want))
    .reduce((sum, v) => sum + v.value, 0);
}

/** The distinct values one label takes across a family's series. */
export async function labelValues(metrics: Metrics, family: string, label: string) {
  const data = await metrics.registry.getSingleMetric(family)!.get();
  return new Set(data.values.map((v) => String(v.labels[label])));
}

/** The family names a Prometheus text exposition declares (its `# TYPE` lines). */
export const familiesIn = (text: string) => new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!));
