/**
 * The integrity table the shim carries (docs/security.md "Every file under SRI"):
 * looked up by path relative to the remotes base, own keys only, remote entries by their last two
 * path segments.
 */
import { builtIntegrity, integrityFor, remoteEntryIntegrity } from './integrity';

const REFUND = `sha384-${'a'.repeat(64)}`;
const CHUNK = `sha384-${'b'.repeat(64)}`;
const TABLE = { 'refund/remoteEntry.js': REFUND, 'refund/396.c05c8f14.js': CHUNK };

afterEach(() => {
  delete (globalThis as { __RW_INTEGRITY__?: unknown }).__RW_INTEGRITY__;
});

test('builtIntegrity: the build-time table, or an empty one without it', () => {
  expect(builtIntegrity()).toEqual({});
  Object.assign(globalThis, { __RW_INTEGRITY__: TABLE });
  expect(builtIntegrity()).toBe(TABLE);
  expect(integrityFor('refund/396.c05c8f14.js')).toBe(CHUNK);
});

test.each(['__proto__', 'constructor', 'toString', 'refund/396.00000000.js', 'lookup/remoteEntry.js', ''])(
  'integrityFor(%j) finds nothing the table does not hold as its own key',
  (file) => {
    expect(integrityFor(file, TABLE)).toBeUndefined();
  },
);

test('remoteEntryIntegrity: by the remote folder and file name, on any origin and under any path', () => {
  expect(remoteEntryIntegrity('https://cdn.rail.example/static/widgets/v1/refund/remoteEntry.js', TABLE)).toBe(REFUND);
  expect(remoteEntryIntegrity('http://127.0.0.1:8080/refund/remoteEntry.js', TABLE)).toBe(REFUND);
});

test('remoteEntryIntegrity throws, naming the URL, for a remote entry the table has no value for', () => {
  expect(() => remoteEntryIntegrity('https://cdn.rail.example/lookup/remoteEntry.js', TABLE)).toThrow(
    'refund-widgets: this build has no integrity value for "https://cdn.rail.example/lookup/remoteEntry.js"',
  );
  expect(() => remoteEntryIntegrity('https://cdn.rail.example/refund/remoteEntry.js', {})).toThrow(/no integrity/);
});
