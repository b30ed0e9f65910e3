// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * `npm run vitals` (docs/reference-backend.md "Web Vitals"): the 75th percentile of each Web Vital
 * per page (route), from the reports of `POST /report/vitals` the reference backend keeps in
 * `DATA_DIR/state.json` (backend/store.js). The 75th percentile is the figure Google's Core Web
 * Vitals judge a page by; its rating uses web-vitals' own thresholds.
 */
'use strict';

const path = require('path');
const { CLSThresholds, INPThresholds, LCPThresholds, TTFBThresholds } = require('web-vitals');
const { DEFAULT_DATA_DIR } = require('./app');
const { STATE_FILE, STATE_VERSION } = require('./backend/store');
const { readStateFile } = require('./backend/stateFile');
const { escapeForLog } = require('./backend/routes');

/** The metrics in the order they are printed, with web-vitals' good / poor thresholds. */
const METRICS = /** @type {const} */ ({
  LCP: LCPThresholds,
  INP: INPThresholds,
  CLS: CLSThresholds,
  TTFB: TTFBThresholds,
});

/** @typedef {keyof typeof METRICS} MetricName */
/** @typedef {{ route: string, metric: MetricName, p75: number, rating: string, reports: number }} VitalsRow */

/**
 * The 75th percentile by the nearest-rank method: the smallest value that at least 75 % of the
 * values are at or below (of 4 values, the 3rd smallest; of 1, that one).
 *
 * @param {number[]} values at least one
 * @returns {number}
 */
function percentile75(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.75) - 1];
}

/**
 * How a value compares with a metric's thresholds, as web-vitals rates it: above the second is
 * poor, above the first needs improvement, else good.
 *
 * @param {MetricName} metric
 * @param {number} value
 * @returns {'good' | 'needs improvement' | 'poor'}
 */
function ratingOf(metric, value) {
  const [good, poor] = METRICS[metric];
  if (value > poor) return 'poor';
  return value > good ? 'needs improvement' : 'good';
}

/**
 * The table of `npm run vitals`: one row per route and metric that has reports, routes in
 * alphabetical order, metrics as in {@link METRICS}. Reports that are not of the contract's shape
 * (a state file edited by hand) are left out.
 *
 * @param {unknown[]} reports the stored vitals reports
 * @returns {VitalsRow[]}
 */
function vitalsTable(reports) {
  /** @type {Map<string, Map<MetricName, number[]>>} */
  const byRoute = new Map();
  for (const report of reports) {
    const { route, name, value } = /** @type {Record<string, unknown>} */ (report ?? {});
    if (typeof route !== 'string' || typeof value !== 'number' || !Number.isFinite(value)) continue;
    if (typeof name !== 'string' || !Object.hasOwn(METRICS, name)) continue;
    const metrics = byRoute.get(route) ?? new Map();
    byRoute.set(route, metrics);
    const metric = /** @type {MetricName} */ (name);
    metrics.set(metric, [...(metrics.get(metric) ?? []), value]);
  }
  return [...byRoute.keys()].sort().flatMap((route) =>
    /** @type {MetricName[]} */ (Object.keys(METRICS)).flatMap((metric) => {
      const values = byRoute.get(route)?.get(metric);
      if (!values) return [];
      const p75 = percentile75(values);
      return [{ route, metric, p75, rating: ratingOf(metric, p75), reports: values.length }];
    }),
  );
}

/**
 * A value as printed: CLS with 3 decimals, the others in whole milliseconds.
 *
 * @param {MetricName} metric
 * @param {number} value
 */
function formatValue(metric, value) {
  return metric === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`;
}

/**
 * The text `npm run vitals` prints for the reports of a state file. A route's control characters
 * (C0, DEL, C1, U+2028, U+2029) are printed as `\uXXXX`, as in the log (backend/routes.js
 * `escapeForLog`), so a route cannot move the cursor, forge a row or plant a link.
 *
 * @param {unknown[]} reports
 * @param {string} file where they were read, named in the heading
 * @returns {string} a heading and an aligned table, or a sentence saying how to get reports
 */
function vitalsText(reports, file) {
  const rows = vitalsTable(reports);
  if (rows.length === 0) {
    return (
      `No Web Vitals reports in ${file}.\n` +
      'Start the dev host with `npm start` (its pages carry data-vitals="1"), use a page, then switch tabs or leave it.\n'
    );
  }
  const header = ['route', 'metric', 'p75', 'rating', 'reports'];
  const cells = rows.map((row) => [
    escapeForLog(row.route),
    row.metric,
    formatValue(row.metric, row.p75),
    row.rating,
    String(row.reports),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((cell) => cell[column].length)));
  const line = (/** @type {string[]} */ cell) =>
    cell
      .map((text, column) => text.padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  const count = rows.reduce((sum, row) => sum + row.reports, 0);
  return [
    `Web Vitals of real page views: 75th percentile per page (route) and metric, from ${count} reports in ${file}`,
    '',
    line(header),
    ...cells.map(line),
    '',
  ].join('\n');
}

/**
 * The vitals reports of a data folder's state file: none when it is missing, unreadable or of
 * another version (then logged, as the backend does).
 *
 * @param {string} dataDir the backend's DATA_DIR
 * @param {import('./backend/types').Logger} [logger]
 * @returns {{ file: string, reports: unknown[] }}
 */
function readVitalsReports(dataDir, logger = console) {
  const file = path.join(dataDir, STATE_FILE);
  const saved = readStateFile(file, STATE_VERSION, logger, 'with no reports');
  return { file, reports: Array.isArray(saved?.vitalsReports) ? saved.vitalsReports : [] };
}

if (require.main === module) {
  const dataDir = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : DEFAULT_DATA_DIR;
  const { file, reports } = readVitalsReports(dataDir);
  process.stdout.write(vitalsText(reports, path.relative(process.cwd(), file) || file));
}

module.exports = { percentile75, ratingOf, vitalsTable, vitalsText, readVitalsReports };
