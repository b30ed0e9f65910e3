/**
 * The one reader of page data (docs/architecture.md "The refund page, as data flows"): Details,
 * station names, the mount's data attributes, the query and `max-admin-fee`. Throws only WidgetError.
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
  bookingReference: string | null;
  email: string | null;
  covid19: boolean;
  disruptedOutwards: boolean;
  disruptedInwards: boolean;
  disruption: boolean;
  search: string;
}

/** Everything a widget reads from its page, validated. */
export interface PageData {
  details: Details;
  stations: StationNames;
  /** The mount element's `data-*` attributes (camelCased keys, as `dataset`). */
  dataset: Record<string, string>;
  query: QueryFlags;
  /** From `<meta name="max-admin-fee">` (pounds), in pence. */
  maxAdminFeePence: number;
}

/** Default id of the Details script element; `data-details-id` may name another. */
export const DETAILS_ELEMENT_ID = 'refund-details';
export const STATION_NAMES_ELEMENT_ID = 'station-names';
/** docs/product-rules.md section 9. */
export const MAX_ADMIN_FEE_META_NAME = 'max-admin-fee';
/** 10 pounds, in pence (docs/product-rules.md section 9). */
export const DEFAULT_MAX_ADMIN_FEE_PENCE = 1000;
/** Larger JSON blocks are refused (all UK station names ≈ 80 KB). */
export const MAX_PAGE_JSON_CHARS = 2_000_000;
/** docs/product-rules.md section 3. */
export const UNKNOWN_STATION = 'Unknown';

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

/** Keys dropped from the Details JSON: `Object.prototype`'s (`constructor` would break yup's lookup). */
const PROTOTYPE_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));
const dropPrototypeKeys = (key: string, value: unknown): unknown => (PROTOTYPE_KEYS.has(key) ? undefined : value);

const RULE_NAMES: Record<string, string> = { optionality: 'required', nullable: 'required', typeError: 'type' };

function isJsonScript(element: Element): boolean {
  return (
    element.localName === 'script' &&
    element.namespaceURI === 'http://www.w3.org/1999/xhtml' &&
    String(element.getAttribute('type')).trim().toLowerCase() === 'application/json'
  );
}

/**
 * Parses the JSON of the only element with `id`, which must be a `<script type="application/json">`
 * (docs/host-contract.md "One element per id"); anything else is a setup error.
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
 * Reads and validates the Details JSON (docs/product-rules.md section 3) named by the mount's
 * `data-details-id` (default `refund-details`); unknown and prototype keys are dropped; UICs unchecked.
 * @throws WidgetError('MISSING_DETAILS') when absent, duplicated, not a JSON script, empty, too large,
 *   unparsable or misshapen; its `cause` says which, with the schema path
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
 * Reads the station-name map (docs/product-rules.md section 3) into a null-prototype object.
 * @throws WidgetError('MISSING_STATION_MAP') as {@link readDetails}, or when a value is not a string
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

/** A station's name by CRS code (exact, then upper-cased); 'Unknown' when absent or blank (docs/product-rules.md section 3). */
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
 * Reads the query flags (docs/decisions.md "Query flags"); names match exactly, else in any case
 * (as ASP.NET does); a flag is true when its value is `true` in any case. Never throws.
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

/** The max admin fee in pence from the meta's pounds (`7.5` → 750); 1000 when absent or invalid. Never throws. */
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
 * Checks every fare's UIC codes (docs/product-rules.md section 5), apart from {@link readDetails} so a bad UIC never stops a page.
 * @throws WidgetError('INVALID_UIC') for the first bad `fromUIC`/`toUIC`; its `cause` names the field
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
 * Reads all of a widget's page data (docs/architecture.md "The refund page, as data flows").
 * @throws WidgetError('MISSING_DETAILS'), then WidgetError('MISSING_STATION_MAP')
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
