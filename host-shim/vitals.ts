/**
 * The `data-vitals` sample rate and, for a page view sampled in, loading the vitals chunk once the
 * first panel is shown and the page is idle (docs/host-contract.md "POST /report/vitals").
 */
import { allMatching } from '../shared/page/pageDocument';
import { ShimConfigError } from './config';

/** Digits with an optional decimal part (`1`, `0.1`, `.25`). */
const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/** How long an idle callback may wait, ms. */
export const VITALS_IDLE_TIMEOUT_MS = 5000;

/** The `INVALID_VITALS_RATE` warning (docs/host-contract.md "Error codes"): logged, never thrown nor reported. */
export function invalidVitalsRate(raw: string): ShimConfigError {
  return new ShimConfigError(
    'INVALID_VITALS_RATE',
    `data-vitals "${raw.slice(0, 40)}" ignored: a sample rate is a number from 0 to 1, such as 0.1; no Web Vitals are sent`,
  );
}

/**
 * The `data-vitals` rate, 0 to 1 (docs/host-contract.md "The shim's script tag"); 0 when absent or
 * invalid, which `warn` is told once. Never throws.
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

function whenIdle(callback: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: VITALS_IDLE_TIMEOUT_MS });
  else setTimeout(callback, 0);
}

let decided = false;

/**
 * Once widgets are mounted, decides once per page view whether it is sampled in (`random() < rate`);
 * if so, loads the vitals chunk when idle. A chunk that fails is dropped silently.
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
