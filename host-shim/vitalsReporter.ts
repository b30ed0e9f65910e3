/**
 * The shim's vitals chunk (docs/host-contract.md "POST /report/vitals"), loaded by ./vitals.ts
 * only for a page view sampled in: web-vitals' attribution build observes LCP, INP, CLS and TTFB,
 * and each metric web-vitals reports is sent as one report, through the page runtime's report
 * path (`sendReport`, as error reports are), with the page's route redacted as an error report's
 * address is (shared/runtime/redact.ts).
 */
import { pageBookingReferences, redactUrl, sendReport } from '@rw/page-runtime';
import { onCLS, onINP, onLCP, onTTFB, type MetricWithAttribution } from 'web-vitals/attribution';
import type { VitalsReport } from '../shared/types';
import type { WidgetEntry } from './config';

/** The widgets the build knows (webpack.config.js), written into this chunk rather than the shim. */
declare const __RW_WIDGETS__: WidgetEntry[];

/**
 * The widget whose mount point holds `node`: the nearest element, from `node` up, whose id is a
 * known mount id.
 *
 * @returns the widget's name (`refund`), or null when `node` is in no mount point (or is null)
 */
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
 * The route of a page: its path only (no query, no fragment), with every e-mail address and the
 * page's booking references (its `BookingReference` query values and its Details block) replaced
 * by `REDACTED`, as in an error report's address (docs/error-reports.md "What a report never
 * contains").
 *
 * @param href the page's address
 * @param doc the page, whose Details block is read for its booking reference
 * @returns e.g. `/ConfirmRefund`; '' for an address that cannot be read
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
 * The report of one metric (docs/host-contract.md "POST /report/vitals").
 *
 * @param metric what web-vitals reported: its name, value and rating
 * @param target the metric's attribution target as {@link observeVitals} has web-vitals make it:
 *   a widget's name, '' (an element outside every mount point), a selector of web-vitals' own (an
 *   element it could not hand over) or undefined (TTFB)
 * @param widgets the widgets the build knows
 * @param route from {@link pageRoute}
 * @returns the report; `widget` is null unless `target` names a known widget
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
 * Observes LCP, INP, CLS and TTFB (web-vitals, attribution build) and sends each as it is
 * reported (web-vitals reports LCP at the first input or when the page is hidden, INP and CLS
 * when it is hidden, TTFB at once), one `POST /report/vitals` each. Web-vitals names each metric's
 * element through `generateTarget`, called while the element is still in the page: here the name
 * of the widget it is in, or '' (no selector of the page is ever built or sent).
 *
 * @param widgets the widgets the build knows (default the build's list)
 * @param doc the page (default `document`); its address is `doc.location`
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
