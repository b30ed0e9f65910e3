/**
 * The one reader of page data (docs/host-contract.md "The host contract"; docs/architecture.md "The refund page, as data flows"):
 * Details JSON, station names, the mount element's data attributes, the query string and the
 * `max-admin-fee` meta, read once into a typed, validated {@link PageData}.
 *
 * Hostile input (arrays, numbers, huge strings, `__proto__` keys, a missing element) never throws
 * anything but a {@link WidgetError}.
 */
import { ValidationError } from 'yup';
import {
  MISSING_DETAILS_TEXT,
  MISSING_STATION_MAP_TEXT,
  WidgetError,
  isWidgetError,
  type WidgetErrorCode,
} from '../errors/WidgetError';
import type { Details, StationNames } from '../types';
import { validateUic } from '../validation/schemas';
import { elementsWithId, firstMatch, windowOf } from './pageDocument';
import { detailsSchema, isStringMap } from './schemas';

/** Flags and values of the page's query string (docs/product-rules.md section 2; docs/decisions.md "Query flags"). */
export interface QueryFlags {
  /** `BookingReference`, as given; null when absent or empty. */
  bookingReference: string | null;
  /** `Email`, as given; null when absent or empty. */
  email: string | null;
  covid19: boolean;
  disruptedOutwards: boolean;
  disruptedInwards: boolean;
  /** The `Disruption` flag of /ManualRefund. */
  disruption: boolean;
  /** The raw query string without '?'. */
  search: string;
}

/** Everything a widget reads from its page, validated. */
export interface PageData {
  details: Details;
  stations: StationNames;
  /** A plain copy of the mount element's `data-*` attributes (camelCased keys, as `dataset`). */
  dataset: Record<string, string>;
  query: QueryFlags;
  /** From `<meta name="max-admin-fee">` (pounds), in pence. */
  maxAdminFeePence: number;
}

/** Default id of the Details JSON script element (a mount element may name another with `data-details-id`). */
export const DETAILS_ELEMENT_ID = 'refund-details';
/** Id of the station-names JSON script element. */
export const STATION_NAMES_ELEMENT_ID = 'station-names';
/** Name of the meta element giving the maximum admin fee in pounds (docs/product-rules.md section 9). */
export const MAX_ADMIN_FEE_META_NAME = 'max-admin-fee';
/** The default maximum admin fee: 10 pounds (docs/product-rules.md section 9), in pence. */
export const DEFAULT_MAX_ADMIN_FEE_PENCE = 1000;
/** Larger JSON blocks are refused (a booking's Details are a few KB; all UK station names ≈ 80 KB). */
export const MAX_PAGE_JSON_CHARS = 2_000_000;
/** Shown for a station code the map does not name (docs/product-rules.md section 3). */
export const UNKNOWN_STATION = 'Unknown';

/** Runs `read`, turning anything it throws that is not a WidgetError into WidgetError(code, text). */
function guarded<T>(code: WidgetErrorCode, text: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (isWidgetError(error)) throw error;
    throw new WidgetError(code, text, { cause: error });
  }
}

function fail(code: WidgetErrorCode, text: string, reason: string): never {
  throw new WidgetError(code, text, { cause: new Error(reason) });
}

/**
 * Keys dropped from the Details JSON: the members of `Object.prototype` (`__proto__`,
 * `constructor`, `toString`…). No Details field has such a name, and yup looks fields up in a
 * plain object, so `"constructor"` would otherwise resolve to `Object` and break validation.
 */
const PROTOTYPE_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));
const dropPrototypeKeys = (key: string, value: unknown): unknown => (PROTOTYPE_KEYS.has(key) ? undefined : value);

/** yup's names of the rules a value broke, in the words a developer expects. */
const RULE_NAMES: Record<string, string> = { optionality: 'required', nullable: 'required', typeError: 'type' };

/** True for a `<script type="application/json">` (the type in any letter case, spaces around ignored). */
function isJsonScript(element: Element): boolean {
  return (
    element.localName === 'script' &&
    element.namespaceURI === 'http://www.w3.org/1999/xhtml' &&
    String(element.getAttribute('type')).trim().toLowerCase() === 'application/json'
  );
}

/**
 * Reads and parses the JSON text of the element with the given id, which must be the only
 * element with that id and a `<script type="application/json">` (docs/host-contract.md "One
 * element per id"): an injected block with the same id, before or after the host's, or a `<div>`
 * holding JSON text, is a setup error, never data.
 */
function readJsonBlock(
  doc: Document,
  id: string,
  code: WidgetErrorCode,
  text: string,
  reviver?: (key: string, value: unknown) => unknown,
): unknown {
  const elements = elementsWithId(doc, id);
  if (elements.length === 0) fail(code, text, `No element with id "${id}" on the page`);
  if (elements.length > 1) {
    fail(code, text, `${elements.length} elements have the id "${id}"; page data must be the only element with its id`);
  }
  const element = elements[0];
  if (!isJsonScript(element)) {
    fail(code, text, `The element "#${id}" is a <${element.localName}>, not a <script type="application/json">`);
  }
  // An element's textContent is never null (only a document's or a doctype's is).
  const json = String(element.textContent);
  if (json.trim() === '') fail(code, text, `The element "#${id}" is empty`);
  if (json.length > MAX_PAGE_JSON_CHARS) {
    fail(code, text, `The JSON of "#${id}" is too large (${json.length} characters, at most ${MAX_PAGE_JSON_CHARS})`);
  }
  try {
    return JSON.parse(json, reviver);
  } catch (error) {
    const reason = error instanceof Error ? `: ${error.message}` : '';
    throw new WidgetError(code, text, {
      cause: new Error(`The JSON of "#${id}" is not parsable${reason}`, { cause: error }),
    });
  }
}

function defaultDocument(): Document {
  if (typeof document === 'undefined') throw new Error('No document to read page data from');
  return document;
}

/**
 * Reads the Details JSON (docs/product-rules.md section 3) named by the mount element.
 *
 * @param element the mount element; its `data-details-id` may name the script element's id
 *   (default `refund-details`)
 * @param doc the document to read (default: the element's document, else `document`)
 * @returns the validated Details; unknown keys (and keys named like `Object.prototype` members,
 *   such as `__proto__` or `constructor`) are dropped, and the leniencies of
 *   `page/schemas.ts` apply (null/absent stop times → empty date, absent `returnJourneys`,
 *   `trainRecords`, `fareDetails` → `[]`, `email` → `''`). UIC codes are not checked here (see
 *   {@link validateFareDetailsUic}).
 * @throws WidgetError('MISSING_DETAILS', 'Missing JSON data from DOM') when the block is absent,
 *   not the only element with its id, not a `<script type="application/json">`, empty, too
 *   large, unparsable or of the wrong shape; the `cause` is an Error saying which, for
 *   the developer: the parse error, or for a wrong shape the schema path and rule (e.g.
 *   `Invalid Details in "#refund-details": JourneyPlannerResults: required (…)`)
 */
export function readDetails(element: HTMLElement, doc?: Document): Details {
  return guarded('MISSING_DETAILS', MISSING_DETAILS_TEXT, () => {
    const page = doc ?? element?.ownerDocument ?? defaultDocument();
    const named = typeof element?.getAttribute === 'function' ? element.getAttribute('data-details-id') : null;
    const id = named !== null && named.trim() !== '' ? named.trim() : DETAILS_ELEMENT_ID;
    const raw = readJsonBlock(page, id, 'MISSING_DETAILS', MISSING_DETAILS_TEXT, dropPrototypeKeys);
    try {
      return detailsSchema.validateSync(raw, { stripUnknown: true, abortEarly: true }) as Details;
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const field = error.path || '(root)';
      const detail = error.message.length > 200 ? `${error.message.slice(0, 200)}…` : error.message;
      throw new WidgetError('MISSING_DETAILS', MISSING_DETAILS_TEXT, {
        cause: new Error(
          `Invalid Details in "#${id}": ${field}: ${RULE_NAMES[String(error.type)] ?? error.type} (${detail})`,
          {
            cause: error,
          },
        ),
      });
    }
  });
}

/**
 * Reads the station-name map (docs/product-rules.md section 3) from `<script type="application/json" id="station-names">`.
 *
 * @param doc the document to read (default `document`)
 * @returns a null-prototype object from station code to station name (so codes such as
 *   `constructor` never resolve to inherited members); look names up with {@link stationName}
 * @throws WidgetError('MISSING_STATION_MAP', MISSING_STATION_MAP_TEXT) when the block is absent,
 *   not the only element with its id, not a `<script type="application/json">`, empty, too
 *   large, unparsable, or not an object whose values are all strings
 */
export function readStationNames(doc?: Document): StationNames {
  return guarded('MISSING_STATION_MAP', MISSING_STATION_MAP_TEXT, () => {
    const page = doc ?? defaultDocument();
    const raw = readJsonBlock(page, STATION_NAMES_ELEMENT_ID, 'MISSING_STATION_MAP', MISSING_STATION_MAP_TEXT);
    if (!isStringMap(raw)) {
      fail('MISSING_STATION_MAP', MISSING_STATION_MAP_TEXT, 'Station names must be an object of code → name strings');
    }
    const names: StationNames = Object.create(null) as StationNames;
    for (const [code, name] of Object.entries(raw)) names[code] = name;
    return names;
  });
}

/**
 * Looks up a station name (docs/product-rules.md section 3).
 *
 * @param stations the map from {@link readStationNames} (any object works)
 * @param crs a station code; matched exactly, then upper-cased
 * @returns the station's name, or 'Unknown' when the code is not in the map (own keys only) or
 *   its name is blank
 */
export function stationName(stations: StationNames, crs: string): string {
  if (typeof crs !== 'string' || typeof stations !== 'object' || stations === null) return UNKNOWN_STATION;
  for (const code of [crs, crs.toUpperCase()]) {
    if (Object.prototype.hasOwnProperty.call(stations, code)) {
      const name: unknown = stations[code];
      if (typeof name === 'string' && name.trim() !== '') return name;
    }
  }
  return UNKNOWN_STATION;
}

/** The first value of a query parameter, its name matched exactly, else in any letter case. */
function queryValue(params: URLSearchParams, name: string): string | null {
  const exact = params.get(name);
  if (exact !== null) return exact;
  const lower = name.toLowerCase();
  for (const [key, value] of params) {
    if (key.toLowerCase() === lower) return value;
  }
  return null;
}

/**
 * Reads the query string (docs/product-rules.md section 2; docs/decisions.md "Query flags"). Parameter names are matched
 * exactly, else in any letter case (ASP.NET treats them so).
 *
 * @param search the query string, with or without a leading '?'
 * @returns the flags `covid19`, `disruptedOutwards`, `disruptedInwards` and `Disruption`, each true
 *   when its value is `true` in any letter case and false otherwise or when absent;
 *   `BookingReference` and `Email` as given (null when absent or empty); and the raw string
 *   without '?'. Never throws.
 */
export function readQueryFlags(search: string): QueryFlags {
  const raw = typeof search === 'string' ? search.replace(/^\?/, '') : '';
  const params = new URLSearchParams(raw);
  const text = (name: string): string | null => {
    const value = queryValue(params, name);
    return value === null || value === '' ? null : value;
  };
  const flag = (name: string): boolean => (queryValue(params, name) ?? '').toLowerCase() === 'true';
  return {
    bookingReference: text('BookingReference'),
    email: text('Email'),
    covid19: flag('covid19'),
    disruptedOutwards: flag('disruptedOutwards'),
    disruptedInwards: flag('disruptedInwards'),
    disruption: flag('Disruption'),
    search: raw,
  };
}

/**
 * Reads the maximum admin fee (docs/product-rules.md section 9) from `<meta name="max-admin-fee" content="10">`.
 *
 * @param doc the document to read (default `document`)
 * @returns the fee in pence: the content is pounds, a non-negative number with at most two
 *   decimals (`10` → 1000, `7.5` → 750); absent, non-numeric or negative → 1000 (10 pounds).
 *   Never throws.
 */
export function readMaxAdminFeePence(doc?: Document): number {
  try {
    const page = doc ?? defaultDocument();
    const content = firstMatch(page, `meta[name="${MAX_ADMIN_FEE_META_NAME}"]`)?.getAttribute('content') ?? '';
    const text = content.trim();
    if (!/^\d{1,9}(?:\.\d{1,2})?$/.test(text)) return DEFAULT_MAX_ADMIN_FEE_PENCE;
    return Math.round(Number(text) * 100);
  } catch {
    return DEFAULT_MAX_ADMIN_FEE_PENCE;
  }
}

/**
 * Checks every UIC code of the Details' fares (docs/product-rules.md sections 5 and 8). Kept apart from
 * {@link readDetails} so that a bad UIC never stops a page from reading; call it where UICs are
 * used.
 *
 * @throws WidgetError('INVALID_UIC', 'Invalid UIC format') for the first bad `fromUIC`/`toUIC`;
 *   its `cause` names the field (e.g. `fareDetails[1].toUIC: …`)
 */
export function validateFareDetailsUic(details: Details): void {
  const fares = details?.JourneyPlannerResults?.fareDetails ?? [];
  fares.forEach((fare, index) => {
    for (const field of ['fromUIC', 'toUIC'] as const) {
      try {
        validateUic(fare?.[field]);
      } catch (error) {
        const reason = error instanceof WidgetError && error.cause instanceof Error ? error.cause.message : 'invalid';
        throw new WidgetError('INVALID_UIC', (error as Error).message, {
          cause: new Error(`fareDetails[${index}].${field}: ${reason}`, { cause: error }),
        });
      }
    }
  });
}

/**
 * Reads all of a widget's page data at once (docs/architecture.md "The refund page, as data flows", step 2).
 *
 * @param element the mount element (its `data-*` attributes, its `data-details-id`)
 * @param doc the document (default: the element's document, else `document`)
 * @param search the query string with or without '?' (default: the document's location)
 * @returns the typed {@link PageData}
 * @throws WidgetError('MISSING_DETAILS') for absent or invalid Details (checked first), then
 *   WidgetError('MISSING_STATION_MAP') for an absent or invalid station map; see
 *   {@link readDetails} and {@link readStationNames}
 */
export function readPageData(element: HTMLElement, doc?: Document, search?: string): PageData {
  const page = guarded(
    'MISSING_DETAILS',
    MISSING_DETAILS_TEXT,
    () => doc ?? element?.ownerDocument ?? defaultDocument(),
  );
  const details = readDetails(element, page);
  const stations = readStationNames(page);
  const dataset = guarded('INVALID_PAGE_DATA', 'The page data of this widget could not be read.', () =>
    Object.fromEntries(
      Object.entries(element.dataset ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ),
  );
  return {
    details,
    stations,
    dataset,
    query: readQueryFlags(typeof search === 'string' ? search : (windowOf(page)?.location.search ?? '')),
    maxAdminFeePence: readMaxAdminFeePence(page),
  };
}
