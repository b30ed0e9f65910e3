/**
 * What `npm run build` publishes for host developers: `dist/manifest.json` (version, widgets with
 * their mount ids and attributes, every file with its sha384 integrity and cache rule) and
 * `dist/refund-widgets.d.ts`, against which a small consumer is compiled with tsc. Run after a build.
 */
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { createHash } = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { DIST, ROOT } = require('./harness');
const pkg = require('../package.json');
const widgets = require('../host-shim/widgets.json');
const { NO_MATCH } = require('../build/sri-plugin');

const manifest = JSON.parse(fs.readFileSync(path.join(DIST, 'manifest.json'), 'utf8'));

/** Every file under dist/, relative with `/` separators. */
const distFiles = () =>
  fs
    .readdirSync(DIST, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(DIST, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));

test('every file of dist/ but the Brotli copies is in the manifest, and every integrity value matches the file bytes', () => {
  const listed = Object.keys(manifest.files).sort();
  assert.deepEqual(
    listed,
    distFiles()
      .filter((file) => file !== 'manifest.json' && !file.endsWith('.br'))
      .sort(),
  );
  assert.ok(listed.includes('host-shim.js') && listed.includes('refund-widgets.d.ts'));
  for (const [file, entry] of Object.entries(manifest.files)) {
    const bytes = fs.readFileSync(path.join(DIST, file));
    assert.equal(entry.integrity, `sha384-${createHash('sha384').update(bytes).digest('base64')}`, file);
    assert.equal(entry.size, bytes.length, file);
  }
});

test('the manifest names the version, each widget with its mount id and attributes, and the cache rules', () => {
  assert.equal(manifest.version, pkg.version);
  // The shim and the host stylesheet a page links: copies of host-shim.js and refund-widgets.css named by content.
  assert.match(manifest.shim, /^host-shim\.[0-9a-f]{8}\.js$/);
  assert.match(manifest.stylesheet, /^refund-widgets\.[0-9a-f]{8}\.css$/);
  for (const [copy, file] of [
    [manifest.shim, 'host-shim.js'],
    [manifest.stylesheet, 'refund-widgets.css'],
  ]) {
    assert.deepEqual(fs.readFileSync(path.join(DIST, copy)), fs.readFileSync(path.join(DIST, file)));
    assert.equal(manifest.files[copy].integrity, manifest.files[file].integrity);
  }
  assert.deepEqual(
    manifest.widgets.map(({ name, mountId }) => ({ name, mountId })),
    widgets.map(({ name, mountId }) => ({ name, mountId })),
  );
  const refund = manifest.widgets.find((w) => w.name === 'refund');
  assert.deepEqual(refund.requiredAttributes, ['data-refund-status-url', 'data-dry-run-url']);
  assert.ok(refund.optionalAttributes.includes('data-appeals-email'));
  assert.deepEqual(refund.pageData, ['refund-details', 'station-names']);
  assert.deepEqual(manifest.widgets.find((w) => w.name === 'manualClaim').requiredAttributes, ['data-journey-id']);
  for (const widget of manifest.widgets) {
    assert.ok(manifest.files[widget.remoteEntry], `${widget.remoteEntry} is in dist/`);
    assert.equal(manifest.files[widget.remoteEntry].cacheControl, 'no-cache');
  }
  assert.equal(manifest.files['host-shim.js'].cacheControl, 'no-cache');
  const hashed = Object.entries(manifest.files).filter(([file]) => /\.[0-9a-f]{8}\.(js|css)$/.test(file));
  assert.ok(hashed.length > 5);
  for (const [file, entry] of hashed) assert.equal(entry.cacheControl, 'public, max-age=31536000, immutable', file);
});

/** The sha384 integrity values written in a built file (NO_MATCH, the value for no file, left out). */
const integrityValues = (file) =>
  (fs.readFileSync(path.join(DIST, file), 'utf8').match(/sha384-[A-Za-z0-9+/]{64}/g) ?? []).filter(
    (value) => value !== NO_MATCH,
  );

test('the integrity values the build embeds are those of dist/manifest.json (docs/security.md "every file under SRI")', () => {
  const integrityOf = (file) => manifest.files[file]?.integrity;
  // The shim: each remote entry and first-panel file by path, and its own chunks.
  const shim = fs.readFileSync(path.join(DIST, 'host-shim.js'), 'utf8');
  const table = [...shim.matchAll(/"([\w./-]+\.(?:js|css))":"(sha384-[A-Za-z0-9+/]{64})"/g)];
  assert.ok(table.length > widgets.length, 'the shim carries a table of integrity values by file');
  for (const [, file, value] of table) assert.equal(value, integrityOf(file), file);
  const tabled = new Set(table.map(([, file]) => file));
  for (const widget of manifest.widgets) assert.ok(tabled.has(widget.remoteEntry), widget.remoteEntry);
  const ownChunks = Object.keys(manifest.files).filter((file) => /^host-shim\/.*\.(js|css)$/.test(file));
  assert.deepEqual(
    new Set(integrityValues('host-shim.js').filter((value) => !table.some(([, , v]) => v === value))),
    new Set(ownChunks.map(integrityOf)),
    "the shim's runtime holds the integrity of each of its own chunks",
  );
  // Each remote's runtime: the integrity of every other JS and CSS file of the remote, and no other.
  for (const widget of manifest.widgets) {
    const files = Object.keys(manifest.files).filter(
      (file) => file.startsWith(`${widget.name}/`) && /\.(js|css)$/.test(file) && file !== widget.remoteEntry,
    );
    assert.deepEqual(new Set(integrityValues(widget.remoteEntry)), new Set(files.map(integrityOf)), widget.remoteEntry);
  }
});

/** Compiles `source` against dist/refund-widgets.d.ts with the repo's tsc; returns { status, output }. */
function compileConsumer(source) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rw-dts-'));
  try {
    fs.copyFileSync(path.join(DIST, 'refund-widgets.d.ts'), path.join(dir, 'refund-widgets.d.ts'));
    fs.writeFileSync(path.join(dir, 'consumer.ts'), source);
    // Its own tsconfig, so no @types of this repository leak in: the consumer sees only the .d.ts and the DOM.
    const compilerOptions = { strict: true, noEmit: true, target: 'ES2020', lib: ['ES2020', 'DOM'], types: [] };
    const files = ['refund-widgets.d.ts', 'consumer.ts'];
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files }));
    const tsc = require.resolve('typescript/bin/tsc', { paths: [ROOT] });
    const result = spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('a consumer written against dist/refund-widgets.d.ts compiles with tsc --strict', () => {
  const { status, output } = compileConsumer(`
const api: RefundWidgetsApi | undefined = window.RefundWidgets;
const version: string | undefined = api?.version;
const names: readonly string[] = api?.widgets ?? [];
async function show(element: HTMLElement): Promise<void> {
  if (!window.RefundWidgets) return;
  const options: RefundWidgetMountOptions = { apiBase: 'https://api.example.co.uk', search: 'BookingReference=A' };
  const unmount: () => void = await window.RefundWidgets.mount('refund', element, options);
  unmount();
}
document.addEventListener('refundwidgets:complete', (event) => {
  const kind: 'refund' | 'deferral' | 'replacement' | 'claim' = event.detail.kind;
  const reference: string | undefined = event.detail.bookingReference;
  console.log(kind, reference, version, names);
});
document.getElementById('refund-widget')?.addEventListener('refundwidgets:complete', (event) => console.log(event.detail.kind));
export { show };
`);
  assert.equal(status, 0, output);
});

test('the types reject what the shim would refuse: an unknown widget, an unknown completion kind', () => {
  const { status, output } = compileConsumer(`
window.RefundWidgets?.mount('refundd', document.body);
document.addEventListener('refundwidgets:complete', (event) => {
  if (event.detail.kind === 'cancelled') console.log('never');
});
export {};
`);
  assert.notEqual(status, 0);
  assert.match(output, /'"refundd"' is not assignable/);
  assert.match(output, /'"cancelled"'.*no overlap|no overlap.*'"cancelled"'/);
});
