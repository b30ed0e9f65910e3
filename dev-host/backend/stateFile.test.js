// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The state files of the reference backend (state.json, claims.json; docs/reference-backend.md):
 * written atomically with their version, read back only at that version; any other file is logged
 * and ignored.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { readStateFile, writeStateFile } = require('./stateFile');

let dir;
let file;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rw-state-file-'));
  file = path.join(dir, 'state.json');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const quietLogger = () => ({ warn: jest.fn() });

describe('the state files', () => {
  it('reads back what was written, with its version, and leaves no temporary file', () => {
    writeStateFile(file, 3, { refunded: { KXB7HT2N: { deferred: false } }, requests: [] });
    const logger = quietLogger();
    expect(readStateFile(file, 3, logger, 'from the fixtures')).toEqual({
      version: 3,
      refunded: { KXB7HT2N: { deferred: false } },
      requests: [],
    });
    expect(fs.readFileSync(file, 'utf8')).toMatch(/^\{\n {2}"version": 3,\n[\s\S]*\n\}\n$/);
    expect(fs.readdirSync(dir)).toEqual(['state.json']);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('is no state when the file is missing, and says nothing', () => {
    const logger = quietLogger();
    expect(readStateFile(file, 1, logger, 'from the fixtures')).toBeNull();
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it.each([
    ['another version', JSON.stringify({ version: 2, refunded: {} }), 'unknown version 2'],
    ['no version', JSON.stringify({ refunded: {} }), 'unknown version undefined'],
    ['the JSON literal null', 'null', 'unknown version undefined'],
    ['text that is not JSON', '{"version": 1,', 'JSON'],
  ])('ignores a file of %s, with a warning naming the file and what the backend starts from', (_, text, reason) => {
    fs.writeFileSync(file, text);
    const logger = quietLogger();
    expect(readStateFile(file, 1, logger, 'without claims')).toBeNull();
    expect(logger.warn).toHaveBeenCalledTimes(1);
    const [warning] = logger.warn.mock.calls[0];
    expect(warning).toMatch(new RegExp(`^Dev host: ignoring unreadable ${file} \\(.*\\); starting without claims\\.$`));
    expect(warning).toContain(reason);
  });
});
