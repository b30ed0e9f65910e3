/**
 * Waterfall charts of the bench (docs/performance.md "The refund page's waterfall"): one SVG per
 * page, its variants one above the other (federated, with hints, plain; the ASP.NET site's page
 * above the plain one in `waterfall-aspnet-<page>.svg`), one bar per request from its start to its end
 * (ms from the document request, Slow 4G, the median load), coloured by kind, labelled with its
 * generation (g1 = requested by the HTML, g2 = by what g1 loaded, …), and a line at the first
 * panel. Written beside bench/results.json; plain SVG, no script.
 */
const COLOURS = { html: '#6c757d', js: '#1f77b4', css: '#9467bd', api: '#d62728', other: '#bbbbbb' };
const ROW = 16;
const LABEL = 330;
const WIDTH = 1100;

const esc = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** The SVG text of one page's chart. `variants`: `[{ name, requests, panelMs, depth }]`. */
function waterfallSvg(title, variants) {
  const maxMs = Math.max(
    1,
    ...variants.flatMap((v) => [v.panelMs || 0, ...(v.requests || []).map((r) => r.end ?? r.start)]),
  );
  const scale = (WIDTH - LABEL - 20) / maxMs;
  const parts = [];
  let y = 30;
  for (const v of variants) {
    const rows = (v.requests || []).filter((r) => r.start <= maxMs);
    const top = y;
    parts.push(
      `<text x="4" y="${y + 12}" font-weight="bold">${esc(v.name)}: first panel ${v.panelMs ?? 'n/a'} ms, critical-path depth ${v.depth ?? 'n/a'}</text>`,
    );
    y += ROW + 4;
    for (const r of rows) {
      const x = LABEL + r.start * scale;
      const w = Math.max(2, ((r.end ?? r.start) - r.start) * scale);
      parts.push(
        `<text x="4" y="${y + 11}" font-size="11">g${r.gen} ${esc(r.method === 'GET' ? '' : `${r.method} `)}${esc(r.name.slice(0, 46))}</text>`,
        `<rect x="${x.toFixed(1)}" y="${y + 2}" width="${w.toFixed(1)}" height="${ROW - 4}" fill="${COLOURS[r.kind] || COLOURS.other}"><title>${esc(r.name)}: ${r.start}–${r.end ?? '?'} ms</title></rect>`,
      );
      y += ROW;
    }
    if (v.panelMs != null) {
      const x = LABEL + v.panelMs * scale;
      parts.push(
        `<line x1="${x.toFixed(1)}" y1="${top}" x2="${x.toFixed(1)}" y2="${y}" stroke="#2ca02c" stroke-width="2"/>`,
      );
    }
    y += 14;
  }
  const ticks = [];
  const step = maxMs > 4000 ? 1000 : maxMs > 1500 ? 500 : 250;
  for (let t = 0; t <= maxMs; t += step) {
    const x = LABEL + t * scale;
    ticks.push(
      `<line x1="${x.toFixed(1)}" y1="22" x2="${x.toFixed(1)}" y2="${y}" stroke="#eee"/>`,
      `<text x="${x.toFixed(1)}" y="18" font-size="10" text-anchor="middle">${t}</text>`,
    );
  }
  const legend = Object.entries(COLOURS)
    .map(
      ([kind, colour], i) =>
        `<rect x="${LABEL + i * 70}" y="${y}" width="10" height="10" fill="${colour}"/><text x="${LABEL + i * 70 + 14}" y="${y + 9}" font-size="10">${kind}</text>`,
    )
    .join('');
  const height = y + 24;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<title>${esc(title)}</title>`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="${LABEL}" y="10" font-size="10">ms from the document request (Slow 4G); green line: first panel</text>`,
    ...ticks,
    ...parts,
    legend,
    '</svg>',
    '',
  ].join('\n');
}

module.exports = { waterfallSvg };
