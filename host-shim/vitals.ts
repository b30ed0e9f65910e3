/**
 * Real phones (docs/host-contract.md "POST /report/vitals"): the `data-vitals` sample rate of the
 * shim's tag and, for a page view sampled in, the vitals chunk (./vitalsReporter.ts, with
 * web-vitals) loaded once the first panel is shown and the page is idle. Without the attribute,
 * or for a page view sampled out, nothing is loaded and nothing is sent.
 */
import { allMatching } from '../shared/page/pageDocument';
import { ShimConfigError } from './config';

/** A sample rate as the attribute writes it: digits with an optional decimal part (`1`, `0.1`, `.25`). */
const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/** How long an idle callback may wait for the page to be idle before it runs anyway, ms. */
export const VITALS_IDLE_TIMEOUT_MS = 5000;

/**
 * The warning for a `data-vitals` value that is no sample rate (docs/host-contract.md "Error
 * codes", `INVALID_VITALS_RATE`). Logged, never thrown nor reported: the page works as without
 * the attribute.
 */
export function invalidVitalsRate(raw: string): ShimConfigError {
  return new ShimConfigError(
    'INVALID_VITALS_RATE',
    `data-vitals "${raw.slice(0, 40)}" ignored: a sample rate is a number from 0 to 1, such as 0.1; no Web Vitals are sent`,
  );
}

/**
 * The sample rate of the shim's tag (docs/host-contract.md "The shim's script tag"): its
 * `data-vitals` attribute, a number from 0 to 1 written as digits (`0.1`, `1`, `.5`; spaces
 * around it ignored).
 *
 * @param script the shim's own `<script>` (config.ts `ownScript`); null reads as no attribute
 * @param warn where a value that is no such number is told (once, the {@link invalidVitalsRate}
 *   message); default `console.warn`
 * @returns the rate; 0 (nothing sampled) when the attribute is absent or not a rate. Never throws.
 */
export function readVitalsRate(
  script: HTMLScriptElement | null,
  warn: (message: string) => void = console.warn,
): number {
  const raw = script?.getAttribute('data-vitals');
  if (raw === null || raw === undefined) return 0;
  const text = raw.trim();
  const rate = DECIMAL.test(text) ? Number(text) : Number.NaN;
  if (rate >= 0 && rate <= 1) return rate;
  warn(invalidVitalsRate(raw).message);
  return 0;
}

/** Runs `callback` when the page is idle (at the latest after {@link VITALS_IDLE_TIMEOUT_MS}). */
function whenIdle(callback: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: VITALS_IDLE_TIMEOUT_MS });
  else setTimeout(callback, 0);
}

let decided = false;

/**
 * Called once the page's widgets have mounted (their first panels are shown). Nothing happens
 * while no widget of the page is mounted (no element carries `data-rw-mounted`: a page without a
 * mount point, or whose widgets all failed). Else the first call decides, once per page view,
 * whether the view is sampled in (`random() < rate`); if it is, the vitals chunk
 * is loaded when the page is next idle and observes LCP, INP, CLS and TTFB of the page's widgets
 * (the build's widget list is in the chunk), each sent to `POST /report/vitals` when web-vitals
 * reports it. Later calls do nothing. A chunk that fails to load or start is dropped silently: no
 * report, no fallback.
 *
 * @param rate from {@link readVitalsRate}; 0 loads nothing
 * @param random a number in [0, 1); default `Math.random`
 * @param doc the page (default `document`)
 */
export function startVitals(rate: number, random: () => number = Math.random, doc: Document = document): void {
  if (decided || rate <= 0 || allMatching(doc, '[data-rw-mounted]').length === 0) return;
  decided = true;
  if (!(random() < rate)) return;
  whenIdle(() => {
    import(/* webpackChunkName: "vitals" */ './vitalsReporter')
      .then(({ observeVitals }) => observeVitals())
      .catch(() => undefined);
  });
}
