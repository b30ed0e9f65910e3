/**
 * The shim's vitals chunk (docs/host-contract.md "POST /report/vitals"): observes LCP, INP, CLS and
 * TTFB with web-vitals and sends each through `sendReport`, its route redacted.
 */
import { pageBookingReferences, redactUrl, sendReport } from '@rw/page-runtime';
import { onCLS, onINP, onLCP, onTTFB, type MetricWithAttribution } from 'web-vitals/attribution';
import type { VitalsReport } from '../shared/types';
import type { WidgetEntry } from './config';

/** The build's widgets, written into this chunk rather than the shim. */
declare const __RW_WIDGETS__: WidgetEntry[];

/** The name of the widget whose mount point holds `node`, or null. */
export function widgetOf(node: Node | null | undefined, widgets: readonly WidgetEntry[]): string | null {
  for (let current = node ?? null; current; current = current.parentNode) {
    if (current.nodeType !== 1) continue;
    const id = (current as Element).id;
    const widget = id === '' ? undefined : widgets.find((entry) => entry.mountId === id);
    if (widget) return widget.name;
  }
  return null;
}

/**
 * A page's path, without query or fragment, with e-mail addresses and booking references
 * `REDACTED` (docs/error-reports.md "What a report never contains"); '' when unreadable.
 */
export function pageRoute(href: string, doc?: Document): string {
  let path: string;
  try {
    path = new URL(href).pathname;
  } catch {
    return '';
  }
  return redactUrl(path, pageBookingReferences(href, doc));
}

/**
 * The report of one metric; `widget` is null unless `target` (from `generateTarget`) names a known widget.
 */
export function vitalsReport(
  metric: Pick<MetricWithAttribution, 'name' | 'value' | 'rating'>,
  target: string | undefined,
  widgets: readonly WidgetEntry[],
  route: string,
): VitalsReport {
  const name = metric.name as VitalsReport['name'];
  return {
    name,
    // CLS is a score (4 decimals are plenty); the others are milliseconds.
    value: name === 'CLS' ? Math.round(metric.value * 10000) / 10000 : Math.round(metric.value),
    rating: metric.rating,
    widget: widgets.some((entry) => entry.name === target) ? (target as string) : null,
    route,
  };
}

/**
 * Sends each of LCP, INP, CLS and TTFB as web-vitals reports it; `generateTarget` names only the
 * widget holding the element, never a selector of the page.
 */
export function observeVitals(widgets: readonly WidgetEntry[] = __RW_WIDGETS__, doc: Document = document): void {
  const route = pageRoute(doc.location.href, doc);
  const options = { generateTarget: (element: Node | null) => widgetOf(element, widgets) ?? '' };
  const send = (metric: MetricWithAttribution, target: string | undefined) => {
    sendReport('/report/vitals', vitalsReport(metric, target, widgets, route));
  };
  onLCP((metric) => send(metric, metric.attribution.target), options);
  onINP((metric) => send(metric, metric.attribution.interactionTarget), options);
  onCLS((metric) => send(metric, metric.attribution.largestShiftTarget), options);
  onTTFB((metric) => send(metric, undefined));
}
