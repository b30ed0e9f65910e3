/**
 * `dist/` holds only what ships (docs/architecture.md layout: the dev host is never in dist/). Runs after
 * `npm run build` (as `npm run test:e2e` does) over the build the browser tests serve.
 *
 * Four checks, each able to fail on its own: no path in dist/ names the dev host; no file in
 * dist/ has the name (hash stripped) or the bytes of a dev-host file; and no distinctive line of a dev-host
 * source file (30 characters or more, trimmed, not a lone CSS declaration) stands in any dist/ file, which is how a copied
 * or bundled dev-host file would show. Also the Brotli copies and the JSON Schemas.
 */
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { DIST } = require('./harness');

const DEV_HOST = path.resolve(__dirname, '..', 'dev-host');

/** Every file below `dir`, as absolute paths. */
function filesBelow(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const distFiles = filesBelow(DIST);
const devHostFiles = filesBelow(DEV_HOST).filter((file) => !/\.test\.js$/.test(file));

test('dist/ was built and has the shim', () => {
  assert.ok(distFiles.some((file) => path.basename(file) === 'host-shim.js'));
  assert.ok(devHostFiles.length > 5, 'the dev host sources are found');
});

test('no path in dist/ names the dev host', () => {
  const named = distFiles.filter((file) => /dev-host/i.test(path.relative(DIST, file)));
  assert.deepEqual(named, []);
});

test('no file in dist/ has the name of a dev-host file', () => {
  const devNames = new Set(devHostFiles.map((file) => path.basename(file)));
  const unhashed = (name) => name.replace(/\.[0-9a-f]{8,}(?=\.)/, '');
  const clashes = distFiles.filter((file) => devNames.has(unhashed(path.basename(file))));
  assert.deepEqual(clashes, []);
});

test('no file in dist/ has the bytes of a dev-host file', () => {
  const devBytes = new Set(devHostFiles.map((file) => fs.readFileSync(file).toString('base64')));
  const copies = distFiles.filter((file) => devBytes.has(fs.readFileSync(file).toString('base64')));
  assert.deepEqual(copies, []);
});

test('no distinctive line of a dev-host file stands in dist/', () => {
  const distTexts = distFiles
    .filter((file) => /\.(js|css|html|json|txt|svg)$/.test(file))
    .map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));
  const found = [];
  for (const source of devHostFiles) {
    const lines = fs
      .readFileSync(source, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length >= 30 && !/^(\/\/|\*|\/\*)/.test(line))
      // A lone CSS declaration (`justify-content: space-between;`) is common to any stylesheet.
      .filter((line) => !/^[a-z-]+\s*:[^;{}]*;$/.test(line));
    for (const line of new Set(lines)) {
      const hit = distTexts.find(({ text }) => text.includes(line));
      if (hit) found.push(`${path.relative(DEV_HOST, source)}: "${line}" in ${path.relative(DIST, hit.file)}`);
    }
  }
  assert.deepEqual(found, []);
});

test('each JS and CSS file webpack wrote has a Brotli copy beside it, of the same bytes', () => {
  const compiled = distFiles.filter(
    (file) => /\.(js|css)$/.test(file) && !/^refund-widgets(\.[0-9a-f]{8})?\.css$/.test(path.relative(DIST, file)),
  );
  assert.ok(compiled.length > 50);
  const wrong = compiled.filter((file) => {
    const copy = `${file}.br`;
    return !fs.existsSync(copy) || !zlib.brotliDecompressSync(fs.readFileSync(copy)).equals(fs.readFileSync(file));
  });
  assert.deepEqual(wrong, []);
});

test("dist/schemas/ ships the contract's JSON Schemas as contract/schemas/ holds them", () => {
  const source = path.resolve(__dirname, '..', 'contract', 'schemas');
  const names = fs.readdirSync(source).sort();
  assert.ok(names.length >= 12);
  assert.deepEqual(fs.readdirSync(path.join(DIST, 'schemas')).sort(), names);
  for (const name of names) {
    assert.equal(
      fs.readFileSync(path.join(DIST, 'schemas', name), 'utf8'),
      fs.readFileSync(path.join(source, name), 'utf8'),
    );
  }
});
