/**
 * `npm run symbolicate` (docs/error-reports.md "Source lines: `npm run symbolicate`"): a frame in
 * a built file maps through the map beside it, and a frame in the shim's fingerprinted copy through
 * the map its `sourceMappingURL` names.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { SourceMapGenerator } = require('source-map');
const { main } = require('./symbolicate');

/** A build folder whose host-shim.js maps line 1, column 0 to `host-shim/index.ts` 7:3, and its copy. */
function buildWithShim() {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rw-symbolicate-'));
  const map = new SourceMapGenerator({ file: 'host-shim.js' });
  map.addMapping({
    generated: { line: 1, column: 0 },
    original: { line: 7, column: 2 },
    source: 'webpack://rw_host/./host-shim/index.ts',
    name: 'mountAll',
  });
  const code = 'throw new Error("x");\n//# sourceMappingURL=host-shim.js.map';
  fs.writeFileSync(path.join(dist, 'host-shim.js'), code);
  fs.writeFileSync(path.join(dist, 'host-shim.0123abcd.js'), code);
  fs.writeFileSync(path.join(dist, 'host-shim.js.map'), map.toString());
  return dist;
}

describe('symbolicate', () => {
  it.each(['host-shim.js', 'host-shim.0123abcd.js'])('maps a frame in %s to its source line', async (file) => {
    const dist = buildWithShim();
    try {
      const report = path.join(dist, 'report.json');
      const url = `https://cdn.example.net/rw/${file}`;
      fs.writeFileSync(report, JSON.stringify({ message: 'Error: x', stack: `Error: x\n    at f (${url}:1:1)` }));
      const text = await main([report, `--dist=${dist}`]);
      expect(text).toContain('    at mountAll (host-shim/index.ts:7:3)');
      expect(text).not.toContain(url);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
