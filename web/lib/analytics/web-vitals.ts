import type { Metric } from "web-vitals";

import { track } from "./events";

/** A metric as the `web_vitals` event carries it: CLS unitless, the others in milliseconds. */
function report(metric: Metric): void {
  track("web_vitals", {
    metric_name: metric.name,
    metric_value: metric.value,
    metric_delta: metric.delta,
    metric_rating: metric.rating,
    metric_id: metric.id,
    navigation_type: metric.navigationType,
  });
}

/**
 * Field data from real visitors: LCP, INP, CLS, FCP and TTFB of this page load, each a `web_vitals`
 * event in the dataLayer (the tag manager sends it on only with analytics consent, as every event).
 * The library is fetched only when this runs, after hydration and once the page is idle, so the
 * first load carries none of it; it reads the paints and shifts that came before from the
 * browser's buffered performance entries.
 */
export async function reportWebVitals(): Promise<void> {
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import("web-vitals");
  for (const observe of [onCLS, onFCP, onINP, onLCP, onTTFB]) {
    observe(report);
  }
}
