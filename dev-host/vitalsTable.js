// @ts-check
// `npm run vitals`: the 75th percentile of each Web Vital per route, from the reports kept in
// `DATA_DIR/state.json` (docs/reference-backend.md "Web Vitals").
'use strict';

const path = require('path');
const { CLSThresholds, INPThresholds, LCPThresholds, TTFBThresholds } = require('web-vitals');
const { DEFAULT_DATA_DIR } = require('./app');
const { STATE_FILE, STATE_VERSION } = require('./backend/store');
const { readStateFile } = require('./backend/stateFile');
const { escapeForLog } = require('./backend/routes');

/** The metrics in print order, with web-vitals' good / poor thresholds. */
const METRICS = { LCP: LCPThresholds, INP: INPThresholds, CLS: CLSThresholds, TTFB: TTFBThresholds };

/** @typedef {keyof typeof METRICS} MetricName */
/** @typedef {{ route: string, metric: MetricName, p75: number, rating: string, reports: number }} VitalsRow */

/** @type {(values: number[]) => number} the 75th percentile by nearest rank (of 4 values, the 3rd smallest) */
function percentile75(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.75) - 1];
}

/** @type {(metric: MetricName, value: number) => 'good' | 'needs improvement' | 'poor'} as web-vitals rates it */
function ratingOf(metric, value) {
  const [good, poor] = METRICS[metric];
  if (value > poor) return 'poor';
  return value > good ? 'needs improvement' : 'good';
}

/** @type {(reports: unknown[]) => VitalsRow[]} a row per route (sorted) and metric; malformed reports left out */
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
 * A heading naming `file` and an aligned table, or how to get reports; a route's control characters are escaped.
 * @type {(reports: unknown[], file: string) => string}
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
    row.metric === 'CLS' ? row.p75.toFixed(3) : `${Math.round(row.p75)} ms`,
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

/** @type {(dataDir: string, logger?: import('./backend/types').Logger) => { file: string, reports: unknown[] }} */
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
