/**
 * Property tests of the page-data reader (docs/decisions.md "Hostile input and error reporting"): random and mutated Details
 * JSON (starting from the named states of fixtures/bookings.json), station maps, data attributes,
 * query strings and the max-admin-fee meta. The readers never throw anything but a WidgetError
 * with a clear, catalogued message (non-empty, no stack), never pollute Object.prototype, and what
 * they return has the promised shape.
 */
import fc from 'fast-check';
import bookings from '../../fixtures/bookings.json';
import realStations from '../../fixtures/stations.json';
import {
  MISSING_DETAILS_TEXT,
  MISSING_STATION_MAP_TEXT,
  WidgetError,
  type WidgetErrorCode,
} from '../errors/WidgetError';
import {
  DEFAULT_MAX_ADMIN_FEE_PENCE,
  MAX_PAGE_JSON_CHARS,
  UNKNOWN_STATION,
  readDetails,
  readMaxAdminFeePence,
  readPageData,
  readQueryFlags,
  readStationNames,
  stationName,
} from './readPageData';

const SEED = 20261123;
const RUNS = 150;
fc.configureGlobal({ seed: SEED, numRuns: RUNS });

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const FIXTURE_DETAILS: Json[] = Object.values(bookings as unknown as Record<string, { details: Json }>).map(
  (state) => state.details,
);

/** The messages a reader may throw with, by code. */
const MESSAGES: Partial<Record<WidgetErrorCode, string>> = {
  MISSING_DETAILS: MISSING_DETAILS_TEXT,
  MISSING_STATION_MAP: MISSING_STATION_MAP_TEXT,
  INVALID_PAGE_DATA: 'The page data of this widget could not be read.',
};

/** Keys an attacker uses for prototype pollution, and the other names of Object.prototype. */
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', ...Object.getOwnPropertyNames(Object.prototype)];

// Pollution guard ---------------------------------------------------------------------------------

const OBJECT_PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();
const ARRAY_PROTOTYPE_NAMES = Object.getOwnPropertyNames(Array.prototype).sort();

function expectNoPollution(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(OBJECT_PROTOTYPE_NAMES);
  expect(Object.getOwnPropertyNames(Array.prototype).sort()).toEqual(ARRAY_PROTOTYPE_NAMES);
  const probe: Record<string, unknown> = {};
  expect(probe.polluted).toBeUndefined();
  expect(Object.getPrototypeOf(probe)).toBe(Object.prototype);
  expect(typeof Object.prototype.toString).toBe('function');
  expect(typeof Object.prototype.hasOwnProperty).toBe('function');
}

afterEach(() => expectNoPollution());

// Helpers -----------------------------------------------------------------------------------------

/** Sets an own, enumerable property, even one named `__proto__` (which `=` would not create). */
function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Runs `read`; when it throws, checks that it is a WidgetError of one of `codes` with its catalogued message. */
function readOrWidgetError<T>(
  read: () => T,
  codes: WidgetErrorCode[],
): { ok: true; value: T } | { ok: false; error: WidgetError } {
  try {
    return { ok: true, value: read() };
  } catch (error) {
    expect(error).toBeInstanceOf(WidgetError);
    const widgetError = error as WidgetError;
    expect(widgetError.name).toBe('WidgetError');
    expect(codes).toContain(widgetError.code);
    expectClearMessage(widgetError.message);
    expect(widgetError.message).toBe(MESSAGES[widgetError.code]);
    return { ok: false, error: widgetError };
  }
}

/** A message a traveller can read: non-empty, one short line, no stack frames or error class names. */
function expectClearMessage(message: string): void {
  expect(typeof message).toBe('string');
  expect(message.trim()).not.toBe('');
  expect(message.length).toBeLessThan(200);
  expect(message).not.toMatch(/\n|\bat .+:\d+:\d+|(?:Type|Range|Syntax|Reference)Error|ValidationError/);
}

/** Lays out a page: optional Details and station blocks (raw JSON text) and a mount element. */
function layPage(options: { details?: string | null; stations?: string | null; attrs?: [string, string][] }) {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  const element = document.createElement('div');
  element.id = 'refund-widget';
  for (const [name, value] of options.attrs ?? []) element.setAttribute(name, value);
  document.body.appendChild(element);
  for (const [id, text] of [
    ['refund-details', options.details],
    ['station-names', options.stations],
  ] as const) {
    if (typeof text !== 'string') continue;
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = id;
    script.textContent = text;
    document.body.appendChild(script);
  }
  return element;
}

/** Every object in `value` is a plain object or array, and none has a key named like an Object.prototype member. */
function expectCleanTree(value: unknown, path = 'details'): void {
  if (typeof value !== 'object' || value === null) return;
  const proto = Object.getPrototypeOf(value);
  expect([Object.prototype, Array.prototype]).toContain(proto);
  for (const key of Object.keys(value)) {
    if (!Array.isArray(value)) expect([path, PROTOTYPE_KEYS.includes(key)]).toEqual([path, false]);
    expectCleanTree((value as Record<string, unknown>)[key], `${path}.${key}`);
  }
}

/** The shape readDetails promises (shared/types.ts Details). */
function expectDetailsShape(details: unknown): void {
  const d = details as Record<string, unknown>;
  expect(typeof d.bookingReference).toBe('string');
  expect(typeof d.email).toBe('string');
  const results = d.JourneyPlannerResults as Record<string, unknown>;
  for (const list of ['outboundJourneys', 'returnJourneys', 'legRecords', 'trainRecords', 'fareDetails']) {
    expect(Array.isArray(results[list])).toBe(true);
  }
  for (const leg of results.legRecords as Record<string, unknown>[]) {
    expect(typeof leg.legRecordID).toBe('number');
    for (const field of ['originDepartTime', 'destinationArriveTime', 'originCRS', 'destinationCRS', 'mode']) {
      expect(typeof leg[field]).toBe('string');
    }
  }
  for (const record of results.trainRecords as { stops: Record<string, unknown>[] }[]) {
    for (const stop of record.stops) {
      expect(typeof stop.crs).toBe('string');
      expect(typeof stop.arriveTime).toBe('string');
      expect(typeof stop.departTime).toBe('string');
    }
  }
  expectCleanTree(details);
}

// Mutations of Details JSON -----------------------------------------------------------------------

type Path = (string | number)[];

/** A deep copy that keeps own keys named `__proto__` (jsdom has no structuredClone). */
function deepCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(deepCopy) as T;
  if (typeof value !== 'object' || value === null) return value;
  const copy = {};
  for (const key of Object.keys(value)) setOwn(copy, key, deepCopy((value as Record<string, unknown>)[key]));
  return copy as T;
}

function allPaths(value: Json, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((item, i) => allPaths(item, [...path, i], out));
  else if (typeof value === 'object' && value !== null)
    Object.keys(value).forEach((key) => allPaths(value[key], [...path, key], out));
  return out;
}

/** A value of the wrong kind for wherever it lands. */
const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-0, 1e308, -1e308, 0.1)).map((n) => (Number.isFinite(n) ? n : 0)),
  fc.string({ maxLength: 20 }),
  fc.constantFrom('x'.repeat(200_000), '<script>alert(1)</script>', '0001-01-01T00:00:00', '', '__proto__'),
  fc.constant<Json>([]),
  fc.constant<Json>({}),
  fc.constantFrom<Json>({ polluted: 'yes' }, { prototype: { polluted: 'yes' } }, [{ polluted: 'yes' }]),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
);

type Mutation =
  | { op: 'drop'; at: number }
  | { op: 'replace'; at: number; value: Json }
  | { op: 'wrap'; at: number }
  | { op: 'unwrap'; at: number }
  | { op: 'protoKey'; at: number; key: string; value: Json };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('drop' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('replace' as const), at: fc.nat(), value: hostileValue }),
  fc.record({ op: fc.constant('wrap' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('unwrap' as const), at: fc.nat() }),
  fc.record({
    op: fc.constant('protoKey' as const),
    at: fc.nat(),
    key: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'),
    value: hostileValue,
  }),
);

/** Applies one mutation to a deep copy of `root` at the node numbered `at` (mod the node count). */
function applyMutation(root: Json, m: Mutation): Json {
  const copy = deepCopy(root);
  const paths = allPaths(copy);
  const path = paths[m.at % paths.length];
  const parentPath = path.slice(0, -1);
  const key = path[path.length - 1];
  const parent = parentPath.reduce<Json>((node, k) => (node as Record<string, Json>)[k as string], copy) as
    Record<string, Json> | Json[];
  const current = key === undefined ? copy : (parent as Record<string, Json>)[key as string];
  let next: Json | undefined;
  switch (m.op) {
    case 'drop':
      next = undefined;
      break;
    case 'replace':
      next = m.value;
      break;
    case 'wrap':
      next = [current];
      break;
    case 'unwrap':
      next = Array.isArray(current)
        ? (current[0] ?? null)
        : typeof current === 'object' && current
          ? (Object.values(current)[0] ?? null)
          : current;
      break;
    case 'protoKey': {
      const target: Json = typeof current === 'object' && current !== null ? current : {};
      if (Array.isArray(target)) setOwn(target, m.key, m.value);
      else setOwn(target, m.key, m.value);
      next = target;
      break;
    }
  }
  if (key === undefined) return next === undefined ? null : next;
  if (Array.isArray(parent) && next === undefined) parent.splice(key as number, 1);
  else if (next === undefined) delete (parent as Record<string, Json>)[key as string];
  else setOwn(parent, String(key), next);
  return copy;
}

const fixtureDetails = fc.constantFrom(...FIXTURE_DETAILS);
const mutatedDetails = fc
  .tuple(fixtureDetails, fc.array(mutation, { minLength: 1, maxLength: 4 }))
  .map(([details, mutations]) => mutations.reduce(applyMutation, details));

/** JSON text that may not be JSON at all, or JSON of any shape. */
const detailsText = fc.oneof(
  { weight: 5, arbitrary: mutatedDetails.map((d) => JSON.stringify(d)) },
  { weight: 1, arbitrary: fc.json({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"__proto__":{"polluted":"yes"},"bookingReference":"KXB7HT2N"}',
      '{"constructor":{"prototype":{"polluted":"yes"}}}',
      '[{"__proto__":{"polluted":"yes"}}]',
      '   ',
      '',
      'null',
      '"Missing"',
      '{"bookingReference":"KXB7HT2N"',
      `"${'y'.repeat(MAX_PAGE_JSON_CHARS)}"`,
    ),
  },
);

describe('readDetails with random and mutated Details JSON', () => {
  it('reads every named fixture state', () => {
    for (const details of FIXTURE_DETAILS) {
      const element = layPage({ details: JSON.stringify(details) });
      const read = readDetails(element);
      expectDetailsShape(read);
      expect(read.bookingReference).toBe((details as { bookingReference: string }).bookingReference);
    }
  });

  it('returns well-shaped Details or throws WidgetError MISSING_DETAILS "Missing JSON data from DOM"', () => {
    fc.assert(
      fc.property(detailsText, (text) => {
        const element = layPage({ details: text });
        const result = readOrWidgetError(() => readDetails(element), ['MISSING_DETAILS']);
        if (result.ok) expectDetailsShape(result.value);
        expectNoPollution();
      }),
    );
  });

  it('refuses Details missing a required part', () => {
    const required: Path[] = [
      ['bookingReference'],
      ['JourneyPlannerResults'],
      ['JourneyPlannerResults', 'outboundJourneys'],
      ['JourneyPlannerResults', 'legRecords'],
    ];
    fc.assert(
      fc.property(fixtureDetails, fc.constantFrom(...required), (details, path) => {
        const copy = deepCopy(details) as Record<string, Json>;
        const parent = path.slice(0, -1).reduce<Record<string, Json>>((n, k) => n[k] as Record<string, Json>, copy);
        delete parent[path[path.length - 1] as string];
        const element = layPage({ details: JSON.stringify(copy) });
        const result = readOrWidgetError(() => readDetails(element), ['MISSING_DETAILS']);
        expect(result.ok).toBe(false);
      }),
      { numRuns: 40 },
    );
  });

  it('refuses an array or object where a string is required, and an object where an array is', () => {
    fc.assert(
      fc.property(
        fixtureDetails,
        fc.constantFrom<Json>([], ['KXB7HT2N'], {}, { value: 'KXB7HT2N' }),
        fc.constantFrom(
          'bookingReference',
          'JourneyPlannerResults.legRecords',
          'JourneyPlannerResults.outboundJourneys',
        ),
        (details, wrong, where) => {
          const copy = deepCopy(details) as Record<string, Record<string, Json>>;
          if (where === 'bookingReference') setOwn(copy, 'bookingReference', wrong);
          else if (Array.isArray(wrong))
            return; // an array where an array is due is no mistake
          else setOwn(copy.JourneyPlannerResults, where.split('.')[1], wrong);
          const element = layPage({ details: JSON.stringify(copy) });
          expect(readOrWidgetError(() => readDetails(element), ['MISSING_DETAILS']).ok).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('drops prototype-pollution keys at any depth and never changes a prototype', () => {
    fc.assert(
      fc.property(
        fixtureDetails,
        fc.array(fc.tuple(fc.nat(), fc.constantFrom('__proto__', 'constructor', 'prototype')), {
          minLength: 1,
          maxLength: 5,
        }),
        (details, inserts) => {
          let copy: Json = details;
          for (const [at, key] of inserts) {
            const paths = allPaths(copy);
            const objects = paths
              .map((p, index) => ({
                index,
                node: p.reduce<Json>((n, k) => (n as Record<string, Json>)[k as string], copy),
              }))
              .filter(({ node }) => typeof node === 'object' && node !== null && !Array.isArray(node));
            copy = applyMutation(copy, {
              op: 'protoKey',
              at: objects[at % objects.length].index,
              key,
              value: { polluted: 'yes', prototype: { polluted: 'yes' } },
            });
          }
          const text = JSON.stringify(copy);
          expect(text).toMatch(/"(?:__proto__|constructor|prototype)":/);
          const element = layPage({ details: text });
          const result = readOrWidgetError(() => readDetails(element), ['MISSING_DETAILS']);
          expect(result.ok).toBe(true);
          if (result.ok) expectDetailsShape(result.value);
          expectNoPollution();
        },
      ),
      { numRuns: 60 },
    );
  });

  it('survives deep nesting, huge strings and a block over the size limit', () => {
    const fixture = FIXTURE_DETAILS[0] as Record<string, Json>;
    const cases = [
      `{"bookingReference":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
      `${'['.repeat(900_000)}${']'.repeat(900_000)}`,
      JSON.stringify({ ...fixture, bookingReference: 'B'.repeat(MAX_PAGE_JSON_CHARS - 100_000) }).slice(
        0,
        MAX_PAGE_JSON_CHARS,
      ),
      JSON.stringify({ ...fixture, email: 'e'.repeat(MAX_PAGE_JSON_CHARS) }),
    ];
    for (const text of cases) {
      const element = layPage({ details: text });
      const result = readOrWidgetError(() => readDetails(element), ['MISSING_DETAILS']);
      if (result.ok) expectDetailsShape(result.value);
    }
  });
});

// Station maps ------------------------------------------------------------------------------------

const code = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'ABCKGXYRKabc'.split('')), minLength: 1, maxLength: 4 }),
  fc.constantFrom(...PROTOTYPE_KEYS),
  fc.string({ maxLength: 6 }),
);
/** A station map as JSON text: a map of strings (maybe with prototype keys), or something else. */
const stationsText = fc.oneof(
  fc.dictionary(code, fc.string({ maxLength: 30 }), { maxKeys: 8 }).map((map) => {
    const out = {};
    for (const [k, v] of Object.entries(map)) setOwn(out, k, v);
    return JSON.stringify(out);
  }),
  fc.dictionary(code, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }).map((map) => {
    const out = {};
    for (const [k, v] of Object.entries(map)) setOwn(out, k, v);
    return JSON.stringify(out);
  }),
  fc.json({ maxDepth: 3 }),
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    '{"__proto__":"Polluted Parkway","KGX":"London Kings Cross"}',
    '{"__proto__":{"polluted":"yes"}}',
    '[]',
    'null',
    '',
  ),
);

describe('readStationNames and stationName with random maps', () => {
  it('returns a null-prototype map of exactly the given strings, or throws MISSING_STATION_MAP with its text', () => {
    fc.assert(
      fc.property(stationsText, code, (text, lookup) => {
        layPage({ stations: text });
        const result = readOrWidgetError(() => readStationNames(document), ['MISSING_STATION_MAP']);
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        const isMapOfStrings =
          typeof parsed === 'object' &&
          parsed !== null &&
          !Array.isArray(parsed) &&
          Object.values(parsed).every((v) => typeof v === 'string');
        expect(result.ok).toBe(isMapOfStrings);
        if (!result.ok) return;
        const map = result.value;
        expect(Object.getPrototypeOf(map)).toBeNull();
        expect(Object.entries(map)).toEqual(Object.entries(parsed as Record<string, string>));
        for (const [key, name] of Object.entries(map)) {
          if (name.trim() !== '') expect(stationName(map, key)).toBe(name);
        }
        const own = (k: string) => Object.prototype.hasOwnProperty.call(map, k) && map[k].trim() !== '';
        if (!own(lookup) && !own(lookup.toUpperCase())) expect(stationName(map, lookup)).toBe(UNKNOWN_STATION);
        expectNoPollution();
      }),
    );
  });

  it('never resolves an inherited member and never throws, whatever the map and code', () => {
    const anything = fc.oneof(fc.anything(), fc.constant(realStations), fc.constant(Object.create(null)));
    fc.assert(
      fc.property(anything, fc.oneof(code, fc.anything()), (map, lookup) => {
        let name: unknown;
        expect(() => {
          name = stationName(map as never, lookup as never);
        }).not.toThrow();
        expect(typeof name).toBe('string');
        if (typeof lookup === 'string' && PROTOTYPE_KEYS.includes(lookup) && map === realStations) {
          expect(name).toBe(UNKNOWN_STATION);
        }
      }),
    );
    for (const key of PROTOTYPE_KEYS) expect(stationName(realStations, key)).toBe(UNKNOWN_STATION);
  });
});

// Query strings -----------------------------------------------------------------------------------

const FLAG_NAMES = ['covid19', 'disruptedOutwards', 'disruptedInwards', 'Disruption'] as const;
const paramName = fc.oneof(
  fc.constantFrom(...FLAG_NAMES, 'BookingReference', 'Email'),
  fc.constantFrom(...FLAG_NAMES, 'BookingReference', 'Email').map((n) => n.toUpperCase()),
  fc.constantFrom(...FLAG_NAMES, 'BookingReference', 'Email').map((n) => n.toLowerCase()),
  fc.constantFrom(...PROTOTYPE_KEYS),
  fc.string({ maxLength: 8 }),
);
const paramValue = fc.oneof(
  fc.constantFrom('true', 'TRUE', 'True', 'tRuE', 'false', '1', 'yes', '', ' true', 'true '),
  fc.string({ maxLength: 20 }),
  fc.constantFrom('<script>alert(1)</script>', '%0d%0a', '\uD800', 'x@y.z?bcc=evil@example.com'),
);

/** The value a name gets: the first with exactly that name, else the first in any letter case. */
function expectedValue(params: [string, string][], name: string): string | null {
  const exact = params.find(([n]) => n === name);
  if (exact) return exact[1];
  const loose = params.find(([n]) => n.toLowerCase() === name.toLowerCase());
  return loose ? loose[1] : null;
}

/** Encodes a parameter list the way a browser's form would (lone surrogates become U+FFFD). */
function encodeQuery(params: [string, string][]): string {
  return new URLSearchParams(params).toString();
}
const toWellFormed = (text: string) =>
  Array.from(text, (c) => (c.length === 1 && c >= '\uD800' && c <= '\uDFFF' ? '\uFFFD' : c)).join('');

describe('readQueryFlags with random query strings', () => {
  it('reads flags, BookingReference and Email as docs/product-rules.md and docs/architecture.md say', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(paramName, paramValue), { maxLength: 8 }), fc.boolean(), (raw, question) => {
        const params = raw.map(([n, v]): [string, string] => [toWellFormed(n), toWellFormed(v)]);
        const search = encodeQuery(params);
        const flags = readQueryFlags(question ? `?${search}` : search);
        expect(flags.search).toBe(search);
        const flag = (name: string) => (expectedValue(params, name) ?? '').toLowerCase() === 'true';
        expect(flags.covid19).toBe(flag('covid19'));
        expect(flags.disruptedOutwards).toBe(flag('disruptedOutwards'));
        expect(flags.disruptedInwards).toBe(flag('disruptedInwards'));
        expect(flags.disruption).toBe(flag('Disruption'));
        expect(flags.bookingReference).toBe(expectedValue(params, 'BookingReference') || null);
        expect(flags.email).toBe(expectedValue(params, 'Email') || null);
      }),
    );
  });

  it('never throws on arbitrary or malformed text and gives booleans', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.string({ unit: fc.constantFrom('%', '&', '=', '?', '+', 'a', '0', 'd', 'E', '\uD800', '#'), maxLength: 30 }),
      fc.anything(),
    );
    fc.assert(
      fc.property(text, (search) => {
        const flags = readQueryFlags(search as string);
        for (const name of ['covid19', 'disruptedOutwards', 'disruptedInwards', 'disruption'] as const) {
          expect(typeof flags[name]).toBe('boolean');
        }
        expect(typeof flags.search).toBe('string');
        expectNoPollution();
      }),
    );
  });
});

// Data attributes, meta and the whole page --------------------------------------------------------

const attrName = fc
  .string({ unit: fc.constantFrom(...'abcdefxyz-0123'.split('')), minLength: 1, maxLength: 12 })
  .filter((name) => /^[a-z]/.test(name))
  .map((name) => `data-${name}`);
const attrValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('<script>alert(1)</script>', 'javascript:alert(1)', 'x@y.z?bcc=evil@example.com', '\uD800', ''),
);
const attrs = fc.oneof(
  fc.array(fc.tuple(attrName, attrValue), { maxLength: 6 }),
  fc.array(
    fc.tuple(
      fc.constantFrom('data-details-id'),
      fc.constantFrom('station-names', 'refund-details', 'nope', '', '  ', '"]'),
    ),
    {
      minLength: 1,
      maxLength: 1,
    },
  ),
);

describe('readPageData with hostile pages', () => {
  it('returns the page data or throws a catalogued WidgetError; dataset and query are copied as given', () => {
    fc.assert(
      fc.property(
        fc.option(detailsText, { nil: null }),
        fc.option(stationsText, { nil: null }),
        attrs,
        fc.string({ maxLength: 40 }),
        fc.option(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('10', '7.5', '-1', '1e3', '12.345')), {
          nil: undefined,
        }),
        (details, stations, attributes, search, fee) => {
          const element = layPage({ details, stations, attrs: attributes });
          if (fee !== undefined) {
            const meta = document.createElement('meta');
            meta.name = 'max-admin-fee';
            meta.content = fee;
            document.head.appendChild(meta);
          }
          const result = readOrWidgetError(
            () => readPageData(element, document, search),
            ['MISSING_DETAILS', 'MISSING_STATION_MAP', 'INVALID_PAGE_DATA'],
          );
          if (details === null) expect(result.ok).toBe(false);
          if (!result.ok) return;
          expectDetailsShape(result.value.details);
          expect(Object.getPrototypeOf(result.value.stations)).toBeNull();
          expect(result.value.dataset).toEqual({ ...element.dataset });
          expect(result.value.query).toEqual(readQueryFlags(search));
          expect(Number.isInteger(result.value.maxAdminFeePence)).toBe(true);
          expect(result.value.maxAdminFeePence).toBeGreaterThanOrEqual(0);
          expectNoPollution();
        },
      ),
    );
  });

  it('readMaxAdminFeePence never throws: pounds with up to two decimals, else the default', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 14 }),
          fc.constantFrom('10', ' 5 ', '7.50', '0', '-3', 'NaN', '1e2', '999999999.99'),
        ),
        (content) => {
          layPage({});
          const meta = document.createElement('meta');
          meta.name = 'max-admin-fee';
          meta.content = content;
          document.head.appendChild(meta);
          const pence = readMaxAdminFeePence(document);
          const text = content.trim();
          const expected = /^[0-9]{1,9}(?:\.[0-9]{1,2})?$/.test(text)
            ? Math.round(Number(text) * 100)
            : DEFAULT_MAX_ADMIN_FEE_PENCE;
          expect(pence).toBe(expected);
        },
      ),
    );
  });

  it('turns hostile arguments into WidgetError, never a TypeError', () => {
    layPage({ details: JSON.stringify(FIXTURE_DETAILS[0]), stations: JSON.stringify(realStations) });
    const odd = fc.oneof(fc.anything(), fc.constant(document.createElement('div')), fc.constant({ dataset: null }));
    fc.assert(
      fc.property(odd, fc.anything(), (element, search) => {
        const result = readOrWidgetError(
          () => readPageData(element as HTMLElement, document, search as string),
          ['MISSING_DETAILS', 'MISSING_STATION_MAP', 'INVALID_PAGE_DATA'],
        );
        if (result.ok) expect(result.value.query).toEqual(readQueryFlags(typeof search === 'string' ? search : ''));
      }),
      { numRuns: 80 },
    );
  });
});
