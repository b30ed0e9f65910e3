import {
  INVALID_UIC_TEXT,
  MISSING_DETAILS_TEXT,
  MISSING_STATION_MAP_TEXT,
  WidgetError,
  type WidgetErrorCode,
} from '../errors/WidgetError';
import { ValidationError } from 'yup';
import { STATIONS, detailsOf, writePageData } from '../../test/journeys';
import type { Details } from '../types';
import {
  DEFAULT_MAX_ADMIN_FEE_PENCE,
  readDetails,
  readMaxAdminFeePence,
  readPageData,
  readQueryFlags,
  readStationNames,
  stationName,
  validateFareDetailsUic,
} from './readPageData';

/** Runs `read` and returns what it threw (failing when it did not throw). */
function thrownBy(read: () => unknown): WidgetError {
  try {
    read();
  } catch (error) {
    return error as WidgetError;
  }
  throw new Error('expected the reader to throw');
}

function expectWidgetError(read: () => unknown, code: WidgetErrorCode, message: string): WidgetError {
  const error = thrownBy(read);
  expect(error).toBeInstanceOf(WidgetError);
  expect(error.code).toBe(code);
  expect(error.message).toBe(message);
  return error;
}

/** The query of a page whose address has none: no booking, every flag false. */
const NO_QUERY = {
  bookingReference: null,
  email: null,
  covid19: false,
  disruptedOutwards: false,
  disruptedInwards: false,
  disruption: false,
  search: '',
};

/** The message of an error's cause (failing when the cause is not an Error). */
function causeMessage(error: Error): string {
  expect(error.cause).toBeInstanceOf(Error);
  return (error.cause as Error).message;
}

let mountElement: HTMLElement;

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML =
    '<div id="refund-widget" data-refund-status-url="/Refund/Status?bookingReference=KXB7HT2N" data-dry-run-url="/Refund/DryRun"></div>';
  mountElement = document.getElementById('refund-widget') as HTMLElement;
});

describe('readPageData', () => {
  it('reads Details, station names, data attributes, the query and the meta into one context', () => {
    writePageData(document, { details: detailsOf(), stations: STATIONS, maxAdminFee: '7.50' });

    const page = readPageData(
      mountElement,
      document,
      '?BookingReference=KXB7HT2N&Email=traveller%40example.com&covid19=TRUE',
    );

    expect(page.details).toEqual(detailsOf());
    expect(page.stations).toEqual(STATIONS);
    expect(page.dataset).toEqual({
      refundStatusUrl: '/Refund/Status?bookingReference=KXB7HT2N',
      dryRunUrl: '/Refund/DryRun',
    });
    expect(page.query).toEqual({
      bookingReference: 'KXB7HT2N',
      email: 'traveller@example.com',
      covid19: true,
      disruptedOutwards: false,
      disruptedInwards: false,
      disruption: false,
      search: 'BookingReference=KXB7HT2N&Email=traveller%40example.com&covid19=TRUE',
    });
    expect(page.maxAdminFeePence).toBe(750);
  });

  it('defaults to the element document and its location query', () => {
    writePageData(document, { details: detailsOf(), stations: STATIONS });
    window.history.replaceState(null, '', '/ConfirmRefund?BookingReference=KXB7HT2N&disruptedInwards=true');
    try {
      const page = readPageData(mountElement);
      expect(page.query.bookingReference).toBe('KXB7HT2N');
      expect(page.query.disruptedInwards).toBe(true);
      expect(page.query.search).toBe('BookingReference=KXB7HT2N&disruptedInwards=true');
      expect(page.maxAdminFeePence).toBe(DEFAULT_MAX_ADMIN_FEE_PENCE);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('reports missing Details before a missing station map', () => {
    expectWidgetError(() => readPageData(mountElement, document, ''), 'MISSING_DETAILS', 'Missing JSON data from DOM');
    writePageData(document, { details: detailsOf() });
    expectWidgetError(() => readPageData(mountElement, document, ''), 'MISSING_STATION_MAP', MISSING_STATION_MAP_TEXT);
  });

  it('reads the document it is given, with an empty query when that document has no location', () => {
    const other = document.implementation.createHTMLDocument('host page');
    writePageData(other, {
      details: detailsOf('instant', { bookingReference: 'E-123456789' }),
      stations: STATIONS,
      maxAdminFee: '5',
    });
    const page = readPageData(mountElement, other);
    expect(page.details.bookingReference).toBe('E-123456789');
    expect(page.stations).toEqual(STATIONS);
    expect(page.maxAdminFeePence).toBe(500);
    expect(page.query.search).toBe('');
  });

  it("takes the query from the document's window location", () => {
    writePageData(document, { details: detailsOf(), stations: STATIONS });
    window.history.replaceState(null, '', '/ConfirmRefund?covid19=true');
    try {
      expect(readPageData(mountElement).query.search).toBe('covid19=true');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('takes the query from nowhere when the document has no window', () => {
    const other = document.implementation.createHTMLDocument('no window');
    writePageData(other, { details: detailsOf(), stations: STATIONS });
    expect(readPageData(mountElement, other).query).toEqual(NO_QUERY);
  });

  it('throws INVALID_PAGE_DATA when there is no mount element to read data attributes from', () => {
    writePageData(document, { details: detailsOf(), stations: STATIONS });
    expectWidgetError(
      () => readPageData(null as unknown as HTMLElement, undefined, ''),
      'INVALID_PAGE_DATA',
      'The page data of this widget could not be read.',
    );
  });

  it('gives a plain object copy of the data attributes', () => {
    writePageData(document, { details: detailsOf(), stations: STATIONS });
    mountElement.setAttribute('data-appeal-link', 'false');
    const page = readPageData(mountElement, document, '');
    expect(page.dataset.appealLink).toBe('false');
    expect(Object.getPrototypeOf(page.dataset)).toBe(Object.prototype);
    mountElement.setAttribute('data-x', 'changed later');
    expect(page.dataset.x).toBeUndefined();
  });
});

describe('readDetails', () => {
  it('reads the Details JSON from #refund-details, dropping unknown keys', () => {
    const details = { ...detailsOf(), extra: 'ignored' };
    writePageData(document, { details });
    const read = readDetails(mountElement, document);
    expect(read).toEqual(detailsOf());
    expect(read).not.toHaveProperty('extra');
  });

  it('reads the block named by data-details-id', () => {
    writePageData(document, {
      details: detailsOf('instant', { bookingReference: 'E-123456789' }),
      detailsId: 'other-details',
    });
    mountElement.setAttribute('data-details-id', 'other-details');
    expect(readDetails(mountElement, document).bookingReference).toBe('E-123456789');
  });

  it.each([
    ['blank, reading #refund-details', '  ', 'refund-details'],
    ['padded with spaces, reading the block it names', ' other-details ', 'other-details'],
  ])('reads a data-details-id that is %s', (_case, attribute, detailsId) => {
    writePageData(document, { details: detailsOf('instant', { bookingReference: 'E-123456789' }), detailsId });
    mountElement.setAttribute('data-details-id', attribute);
    expect(readDetails(mountElement, document).bookingReference).toBe('E-123456789');
  });

  it('reads the document it is given, not the global one', () => {
    const other = document.implementation.createHTMLDocument('host page');
    writePageData(other, { details: detailsOf('instant', { bookingReference: 'E-123456789' }) });
    expect(readDetails(mountElement, other).bookingReference).toBe('E-123456789');
  });

  it('reads #refund-details of the global document for a mount element without attributes', () => {
    writePageData(document, { details: detailsOf('instant', { bookingReference: 'E-123456789' }) });
    expect(readDetails(null as unknown as HTMLElement).bookingReference).toBe('E-123456789');
    expect(readDetails({} as HTMLElement, document).bookingReference).toBe('E-123456789');
  });

  it('accepts legs whose trainRecordID is null or absent, and fills optional parts', () => {
    const details = detailsOf() as unknown as { JourneyPlannerResults: Record<string, unknown> } & Record<
      string,
      unknown
    >;
    const legs = details.JourneyPlannerResults.legRecords as Record<string, unknown>[];
    delete legs[1].trainRecordID;
    legs[2].trainRecordID = null;
    delete details.JourneyPlannerResults.returnJourneys;
    details.JourneyPlannerResults.trainRecords = null;
    delete details.JourneyPlannerResults.fareDetails;
    delete details.email;
    writePageData(document, { details });

    const read = readDetails(mountElement, document);

    expect(read.JourneyPlannerResults.legRecords[1].trainRecordID).toBeUndefined();
    expect(read.JourneyPlannerResults.legRecords[2].trainRecordID).toBeNull();
    expect(read.JourneyPlannerResults.returnJourneys).toEqual([]);
    expect(read.JourneyPlannerResults.trainRecords).toEqual([]);
    expect(read.JourneyPlannerResults.fareDetails).toEqual([]);
    expect(read.email).toBe('');
  });

  it('reads a null or absent stop time as the empty date', () => {
    const details = detailsOf();
    const raw = JSON.parse(JSON.stringify(details));
    raw.JourneyPlannerResults.trainRecords[0].stops[0].arriveTime = null;
    delete raw.JourneyPlannerResults.trainRecords[0].stops[5].departTime;
    writePageData(document, { details: raw });
    const stops = readDetails(mountElement, document).JourneyPlannerResults.trainRecords[0].stops;
    expect(stops[0].arriveTime).toBe('0001-01-01T00:00:00');
    expect(stops[5].departTime).toBe('0001-01-01T00:00:00');
  });

  it('does not check UIC codes (a bad UIC never stops reading)', () => {
    const details = detailsOf();
    details.JourneyPlannerResults.fareDetails[0].fromUIC = 'not a UIC';
    writePageData(document, { details });
    expect(readDetails(mountElement, document).JourneyPlannerResults.fareDetails[0].fromUIC).toBe('not a UIC');
  });

  it.each([
    ['absent', undefined, 'No element with id "refund-details" on the page'],
    ['empty', '', 'The element "#refund-details" is empty'],
    ['whitespace', '  \n ', 'The element "#refund-details" is empty'],
    [
      'unparsable',
      '{ "bookingReference": ',
      'The JSON of "#refund-details" is not parsable: Unexpected end of JSON input',
    ],
    [
      'HTML instead of JSON',
      '<p>oops</p>',
      'The JSON of "#refund-details" is not parsable: Unexpected token \'<\', "<p>oops</p>" is not valid JSON',
    ],
  ])('throws MISSING_DETAILS with the exact text when the block is %s', (_case, text, cause) => {
    writePageData(document, { details: text, stations: STATIONS });
    const error = expectWidgetError(
      () => readDetails(mountElement, document),
      'MISSING_DETAILS',
      'Missing JSON data from DOM',
    );
    expect(causeMessage(error)).toBe(cause);
  });

  it('keeps the parse error as the cause of the cause', () => {
    writePageData(document, { details: '{ "bookingReference": ' });
    const error = expectWidgetError(() => readDetails(mountElement, document), 'MISSING_DETAILS', MISSING_DETAILS_TEXT);
    expect((error.cause as Error).cause).toBeInstanceOf(SyntaxError);
  });

  const longValue = (length: number) => JSON.stringify({ ...detailsOf(), bookingReference: { a: 'x'.repeat(length) } });

  it.each([
    [
      'an absent field as required',
      JSON.stringify({ ...detailsOf(), bookingReference: undefined }),
      'Invalid Details in "#refund-details": bookingReference: required (bookingReference is a required field)',
    ],
    [
      'a null field as required',
      JSON.stringify({ ...detailsOf(), bookingReference: null }),
      'Invalid Details in "#refund-details": bookingReference: required (bookingReference is a required field)',
    ],
    [
      'a field that must be defined as required',
      JSON.stringify(
        detailsOf('instant', {
          JourneyPlannerResults: {
            fareDetails: [{ ...detailsOf().JourneyPlannerResults.fareDetails[0], fromUIC: undefined as never }],
          },
        }),
      ),
      'Invalid Details in "#refund-details": JourneyPlannerResults.fareDetails[0].fromUIC: required (JourneyPlannerResults.fareDetails[0].fromUIC must be defined)',
    ],
    [
      'a value of the wrong type as type, with a message of 200 characters in full',
      longValue(113),
      'Invalid Details in "#refund-details": bookingReference: type (bookingReference must be a `string` type, but the final value was: `{\n  "a": "\\"' +
        'x'.repeat(113) +
        '\\""\n}`.)',
    ],
    [
      'a longer message cut to its first 200 characters',
      longValue(300),
      'Invalid Details in "#refund-details": bookingReference: type (bookingReference must be a `string` type, but the final value was: `{\n  "a": "\\"' +
        'x'.repeat(120) +
        '…)',
    ],
  ])('names %s in the cause', (_case, json, cause) => {
    writePageData(document, { details: json });
    const error = expectWidgetError(() => readDetails(mountElement, document), 'MISSING_DETAILS', MISSING_DETAILS_TEXT);
    expect(causeMessage(error)).toBe(cause);
    expect((error.cause as Error).cause).toBeInstanceOf(ValidationError);
  });

  it.each([
    ['null', null, '(root)'],
    ['a number', 42, '(root)'],
    ['a string', 'KXB7HT2N', '(root)'],
    ['an array', [detailsOf()], '(root)'],
    ['no booking reference', { ...detailsOf(), bookingReference: undefined }, 'bookingReference'],
    ['no JourneyPlannerResults', { bookingReference: 'KXB7HT2N', email: '' }, 'JourneyPlannerResults'],
    [
      'legRecords that are not an array',
      detailsOf('instant', { JourneyPlannerResults: { legRecords: {} as never } }),
      'JourneyPlannerResults.legRecords',
    ],
    [
      'a leg without an origin',
      detailsOf('instant', { JourneyPlannerResults: { legRecords: [{ legRecordID: 1 } as never] } }),
      'JourneyPlannerResults.legRecords[0]',
    ],
    [
      'a leg id that is an object',
      detailsOf('instant', { JourneyPlannerResults: { outboundJourneys: [{ legs: [{ legRecordID: {} as never }] }] } }),
      'JourneyPlannerResults.outboundJourneys[0].legs[0].legRecordID',
    ],
  ])('throws MISSING_DETAILS for Details that are %s, with a cause naming the field', (_case, details, field) => {
    writePageData(document, { details: JSON.stringify(details ?? null) });
    const error = expectWidgetError(() => readDetails(mountElement, document), 'MISSING_DETAILS', MISSING_DETAILS_TEXT);
    expect(error.cause).toBeInstanceOf(Error);
    expect((error.cause as Error).message).toContain(`Invalid Details in "#refund-details": ${field}`);
  });

  it('refuses a huge block without trying to parse it', () => {
    writePageData(document, { details: `"${'x'.repeat(2_000_001)}"` });
    const error = expectWidgetError(() => readDetails(mountElement, document), 'MISSING_DETAILS', MISSING_DETAILS_TEXT);
    expect((error.cause as Error).message).toContain('too large');
  });

  it('reads a block of exactly 2,000,000 characters, the limit (JSON padded with spaces)', () => {
    writePageData(document, { details: JSON.stringify(detailsOf()).padEnd(2_000_000, ' ') });
    expect(readDetails(mountElement, document).bookingReference).toBe(detailsOf().bookingReference);
  });

  it('never lets __proto__ keys change prototypes', () => {
    const json = JSON.stringify(detailsOf()).replace(
      '"bookingReference"',
      '"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"bookingReference"',
    );
    writePageData(document, { details: json });
    const read = readDetails(mountElement, document);
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((read as unknown as Record<string, unknown>).polluted).toBeUndefined();
    expect(read).toEqual(detailsOf());
  });

  it('reads Details whose nested objects carry keys such as constructor or toString', () => {
    const json = JSON.stringify(detailsOf()).replace(
      /"legRecordID"/g,
      '"toString":1,"hasOwnProperty":"x","legRecordID"',
    );
    writePageData(document, { details: json });
    expect(readDetails(mountElement, document)).toEqual(detailsOf());
  });

  it('reports a block with no text as empty', () => {
    writePageData(document, { details: '' });
    const error = expectWidgetError(() => readDetails(mountElement, document), 'MISSING_DETAILS', MISSING_DETAILS_TEXT);
    expect(causeMessage(error)).toBe('The element "#refund-details" is empty');
  });

  it('says only "not parsable" when parsing throws something that is not an Error', () => {
    writePageData(document, { details: '{}' });
    jest.spyOn(JSON, 'parse').mockImplementationOnce(() => {
      throw 'not an Error';
    });
    const error = expectWidgetError(() => readDetails(mountElement, document), 'MISSING_DETAILS', MISSING_DETAILS_TEXT);
    expect(causeMessage(error)).toBe('The JSON of "#refund-details" is not parsable');
  });

  it('turns a hostile mount element into a WidgetError, never a TypeError', () => {
    expectWidgetError(
      () => readDetails(null as unknown as HTMLElement, document),
      'MISSING_DETAILS',
      MISSING_DETAILS_TEXT,
    );
    expectWidgetError(() => readDetails({} as HTMLElement, document), 'MISSING_DETAILS', MISSING_DETAILS_TEXT);
    const throwing = {
      getAttribute: () => {
        throw new RangeError('boom');
      },
    } as unknown as HTMLElement;
    const error = expectWidgetError(() => readDetails(throwing, document), 'MISSING_DETAILS', MISSING_DETAILS_TEXT);
    expect(error.cause).toBeInstanceOf(RangeError);
  });

  it('never throws anything but WidgetError for odd JSON values', () => {
    const samples = [
      '[]',
      '[[[[[]]]]]',
      '{}',
      'true',
      '1e400',
      '{"JourneyPlannerResults":[]}',
      `{"bookingReference":"${'K'.repeat(100000)}","JourneyPlannerResults":"${'['.repeat(5000)}"}`,
      '{"bookingReference":"K","JourneyPlannerResults":{"outboundJourneys":[],"legRecords":[],"returnJourneys":"[1,2]"}}',
    ];
    for (const sample of samples) {
      writePageData(document, { details: sample });
      expect(thrownBy(() => readDetails(mountElement, document))).toBeInstanceOf(WidgetError);
    }
  });

  it('keeps the shape tolerance: empty journeys are valid', () => {
    writePageData(document, {
      details: { bookingReference: 'KXB7HT2N', JourneyPlannerResults: { outboundJourneys: [], legRecords: [] } },
    });
    expect(readDetails(mountElement, document).JourneyPlannerResults).toEqual({
      outboundJourneys: [],
      returnJourneys: [],
      legRecords: [],
      trainRecords: [],
      fareDetails: [],
    });
  });
});

describe('readStationNames and stationName', () => {
  it('reads the station-name map', () => {
    writePageData(document, { stations: STATIONS });
    const stations = readStationNames(document);
    expect(stations).toEqual(STATIONS);
    expect(stationName(stations, 'KGX')).toBe('London Kings Cross');
  });

  it('reads the station-name map of the global document when given none', () => {
    writePageData(document, { stations: STATIONS });
    expect(readStationNames()).toEqual(STATIONS);
  });

  it('shows Unknown for a code the map does not name', () => {
    writePageData(document, { stations: { ...STATIONS, ZZZ: '  ' } });
    const stations = readStationNames(document);
    expect(stationName(stations, 'XYZ')).toBe('Unknown');
    expect(stationName(stations, 'ZZZ')).toBe('Unknown');
    expect(stationName(stations, '')).toBe('Unknown');
    expect(stationName(stations, undefined as unknown as string)).toBe('Unknown');
  });

  it('matches a lower-case code to the upper-case entry', () => {
    expect(stationName(STATIONS, 'edb')).toBe('Edinburgh');
  });

  it('never resolves inherited members such as constructor or __proto__', () => {
    writePageData(document, { stations: '{"__proto__":"Proto Halt","KGX":"London Kings Cross"}' });
    const stations = readStationNames(document);
    expect(stationName(stations, '__proto__')).toBe('Proto Halt');
    expect(stationName(stations, 'constructor')).toBe('Unknown');
    expect(stationName(stations, 'toString')).toBe('Unknown');
    expect(stationName({}, 'hasOwnProperty')).toBe('Unknown');
    expect(stationName(Object.create({ KGX: 'London Kings Cross' }) as Record<string, string>, 'KGX')).toBe('Unknown');
    expect(({} as Record<string, unknown>).KGX).toBeUndefined();
  });

  const notAMap = 'Station names must be an object of code → name strings';

  it.each([
    ['absent', undefined, 'No element with id "station-names" on the page'],
    ['unparsable', '{"KGX": ', 'The JSON of "#station-names" is not parsable: Unexpected end of JSON input'],
    ['an array', '["London Kings Cross"]', notAMap],
    ['null', 'null', notAMap],
    ['a number', '3', notAMap],
    ['a string', '"KGX"', notAMap],
    ['an object with a non-string name', '{"KGX":"London Kings Cross","YRK":7}', notAMap],
    ['an object with a nested object', '{"KGX":{"name":"London Kings Cross"}}', notAMap],
    [
      'huge',
      `{"KGX":"${'x'.repeat(2_000_001)}"}`,
      'The JSON of "#station-names" is too large (2000011 characters, at most 2000000)',
    ],
  ])('throws MISSING_STATION_MAP with the fixed text when the map is %s', (_case, text, cause) => {
    writePageData(document, { stations: text });
    const error = expectWidgetError(() => readStationNames(document), 'MISSING_STATION_MAP', MISSING_STATION_MAP_TEXT);
    expect(causeMessage(error)).toBe(cause);
  });

  it('throws a WidgetError for a document that is not one', () => {
    expectWidgetError(() => readStationNames({} as Document), 'MISSING_STATION_MAP', MISSING_STATION_MAP_TEXT);
  });
});

describe('one element per id, and a <script type="application/json"> (docs/host-contract.md "One element per id")', () => {
  /** A `<script type="application/json" id=…>` holding `value`, placed first in the body. */
  function injectBlockFirst(id: string, value: unknown, type = 'application/json'): void {
    const script = document.createElement('script');
    script.setAttribute('type', type);
    script.id = id;
    script.textContent = JSON.stringify(value);
    document.body.prepend(script);
  }

  it("refuses an injected Details block placed before the host's: a setup error, never the other booking", () => {
    writePageData(document, { details: detailsOf(), stations: STATIONS });
    injectBlockFirst('refund-details', detailsOf('instant', { bookingReference: 'ZZZ99999' }));
    const error = expectWidgetError(
      () => readPageData(mountElement, document, ''),
      'MISSING_DETAILS',
      MISSING_DETAILS_TEXT,
    );
    expect(causeMessage(error)).toBe(
      '2 elements have the id "refund-details"; page data must be the only element with its id',
    );
  });

  it('refuses a duplicate of the block a data-details-id names, and of the station names', () => {
    mountElement.setAttribute('data-details-id', 'details-2');
    writePageData(document, { details: detailsOf(), detailsId: 'details-2', stations: STATIONS });
    injectBlockFirst('details-2', detailsOf());
    expect(causeMessage(thrownBy(() => readDetails(mountElement, document)))).toMatch(
      /^2 elements have the id "details-2"/,
    );
    injectBlockFirst('station-names', { KGX: 'Attacker Street' });
    const error = expectWidgetError(() => readStationNames(document), 'MISSING_STATION_MAP', MISSING_STATION_MAP_TEXT);
    expect(causeMessage(error)).toMatch(/^2 elements have the id "station-names"/);
  });

  it('refuses a <div id="station-names"> with JSON text: the attacker\'s text never shows as a station', () => {
    const div = document.createElement('div');
    div.id = 'station-names';
    // Even with the type of a JSON block: only a <script> is page data.
    div.setAttribute('type', 'application/json');
    div.textContent = JSON.stringify({ KGX: 'Attacker Street' });
    document.body.append(div);
    const error = expectWidgetError(() => readStationNames(document), 'MISSING_STATION_MAP', MISSING_STATION_MAP_TEXT);
    expect(causeMessage(error)).toBe('The element "#station-names" is a <div>, not a <script type="application/json">');
  });

  it.each([
    ['no type', null],
    ['text/javascript', 'text/javascript'],
    ['application/ld+json', 'application/ld+json'],
    ['text/json', 'text/json'],
  ])('refuses a Details <script> with %s', (_case, type) => {
    const script = document.createElement('script');
    if (type !== null) script.setAttribute('type', type);
    script.id = 'refund-details';
    // JSON that is also a harmless script: jsdom runs the untyped and text/javascript blocks.
    script.textContent = '[1]';
    document.body.append(script);
    const error = expectWidgetError(() => readDetails(mountElement, document), 'MISSING_DETAILS', MISSING_DETAILS_TEXT);
    expect(causeMessage(error)).toBe(
      'The element "#refund-details" is a <script>, not a <script type="application/json">',
    );
  });

  it('accepts the type in any letter case, with spaces around it', () => {
    injectBlockFirst('refund-details', detailsOf(), ' Application/JSON ');
    expect(readDetails(mountElement, document)).toEqual(detailsOf());
  });

  it('refuses an SVG <script> carrying the id, even typed application/json', () => {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    const script = document.createElementNS('http://www.w3.org/2000/svg', 'script');
    script.setAttribute('type', 'application/json');
    script.id = 'refund-details';
    script.textContent = JSON.stringify(detailsOf());
    svg.append(script);
    document.body.append(svg);
    expect(causeMessage(thrownBy(() => readDetails(mountElement, document)))).toBe(
      'The element "#refund-details" is a <script>, not a <script type="application/json">',
    );
  });

  it('finds a block whose id holds quotes, backslashes and line breaks, and only that one', () => {
    const id = 'a"b\\c\nd\re\ff]';
    mountElement.setAttribute('data-details-id', id);
    writePageData(document, { details: detailsOf(), detailsId: id });
    injectBlockFirst('a"b', detailsOf('instant', { bookingReference: 'ZZZ99999' }));
    expect(readDetails(mountElement, document).bookingReference).toBe(detailsOf().bookingReference);
  });

  it.each(['getElementById', 'querySelector', 'querySelectorAll'])(
    "reads through Document.prototype's methods when a named element shadows document.%s",
    (name) => {
      writePageData(document, { details: detailsOf(), stations: STATIONS, maxAdminFee: '5' });
      const form = document.createElement('form');
      form.setAttribute('name', name);
      document.body.append(form);
      // As in a browser: the named element shadows the method on the document itself.
      Object.defineProperty(document, name, { configurable: true, value: form });
      try {
        const page = readPageData(mountElement, document, '');
        expect(page.details).toEqual(detailsOf());
        expect(page.stations).toEqual(STATIONS);
        expect(page.maxAdminFeePence).toBe(500);
      } finally {
        delete (document as unknown as Record<string, unknown>)[name];
      }
    },
  );
});

describe('readQueryFlags', () => {
  it('reads flags true in any letter case, false otherwise or when absent', () => {
    const flags = readQueryFlags('?covid19=True&disruptedOutwards=TRUE&disruptedInwards=false&Disruption=yes');
    expect(flags).toMatchObject({ covid19: true, disruptedOutwards: true, disruptedInwards: false, disruption: false });
    expect(readQueryFlags('')).toEqual(NO_QUERY);
    expect(readQueryFlags('Disruption=true').disruption).toBe(true);
    expect(readQueryFlags('covid19=1&disruptedInwards= true').covid19).toBe(false);
  });

  it('reads BookingReference and Email, decoded, with or without a leading ?', () => {
    expect(readQueryFlags('BookingReference=KXB7HT2N&Email=name%2Brail%40example.com')).toMatchObject({
      bookingReference: 'KXB7HT2N',
      email: 'name+rail@example.com',
      search: 'BookingReference=KXB7HT2N&Email=name%2Brail%40example.com',
    });
  });

  it('matches parameter names in any letter case, preferring the exact name', () => {
    expect(readQueryFlags('bookingreference=E-123456789&EMAIL=a%40b.com&COVID19=true')).toMatchObject({
      bookingReference: 'E-123456789',
      email: 'a@b.com',
      covid19: true,
    });
    expect(readQueryFlags('bookingreference=AAAAAAAA&BookingReference=KXB7HT2N').bookingReference).toBe('KXB7HT2N');
  });

  it('keeps a ? inside the query', () => {
    expect(readQueryFlags('BookingReference=KXB7?HT2N')).toMatchObject({
      bookingReference: 'KXB7?HT2N',
      search: 'BookingReference=KXB7?HT2N',
    });
  });

  it('gives null for an empty BookingReference or Email', () => {
    expect(readQueryFlags('BookingReference=&Email=')).toMatchObject({ bookingReference: null, email: null });
  });

  it('does not throw on malformed encodings or odd input', () => {
    const flags = readQueryFlags('Email=%E0%A4%A&covid19=%');
    expect(typeof flags.email).toBe('string');
    expect(flags.covid19).toBe(false);
    expect(readQueryFlags(undefined as unknown as string).search).toBe('');
  });
});

describe('readMaxAdminFeePence', () => {
  it.each([
    ['10', 1000],
    ['7.5', 750],
    ['2.99', 299],
    [' 12 ', 1200],
    ['0', 0],
  ])('reads %p pounds as %p pence', (content, pence) => {
    writePageData(document, { maxAdminFee: content });
    expect(readMaxAdminFeePence(document)).toBe(pence);
  });

  it.each([['-1'], ['ten'], [''], ['1e3'], ['0x10'], ['Infinity'], ['10.001'], ['99999999999']])(
    'uses the default of 10 pounds for %p',
    (content) => {
      writePageData(document, { maxAdminFee: content });
      expect(readMaxAdminFeePence(document)).toBe(1000);
    },
  );

  it('uses the default when the meta is absent', () => {
    expect(readMaxAdminFeePence(document)).toBe(1000);
    expect(readMaxAdminFeePence({} as Document)).toBe(1000);
  });
});

describe('validateFareDetailsUic', () => {
  it('accepts fares whose UIC codes match 70 + 4 characters + optional 0', () => {
    expect(() => validateFareDetailsUic(detailsOf())).not.toThrow();
  });

  it('throws INVALID_UIC naming the first bad field', () => {
    const details = detailsOf();
    // instant has two good fares; the third is the first bad one.
    details.JourneyPlannerResults.fareDetails.push({
      ...details.JourneyPlannerResults.fareDetails[0],
      toUIC: '8061210',
    });
    const error = expectWidgetError(() => validateFareDetailsUic(details), 'INVALID_UIC', INVALID_UIC_TEXT);
    expect(causeMessage(error)).toBe(
      'fareDetails[2].toUIC: UIC code "8061210" does not match 70 + 4 characters + optional 0',
    );
    const uicError = (error.cause as Error).cause as WidgetError;
    expect(uicError).toBeInstanceOf(WidgetError);
    expect(uicError.code).toBe('INVALID_UIC');
  });

  it('throws INVALID_UIC for a fare that is null', () => {
    const details = detailsOf('instant', { JourneyPlannerResults: { fareDetails: [null as never] } });
    const error = expectWidgetError(() => validateFareDetailsUic(details), 'INVALID_UIC', INVALID_UIC_TEXT);
    expect(causeMessage(error)).toBe(
      'fareDetails[0].fromUIC: UIC code of type undefined does not match 70 + 4 characters + optional 0',
    );
  });

  it('names the field, with the reason "invalid", when reading a fare throws', () => {
    const fare = {
      get fromUIC(): string {
        throw new TypeError('the fare cannot be read');
      },
    };
    const details = detailsOf('instant', { JourneyPlannerResults: { fareDetails: [] } });
    details.JourneyPlannerResults.fareDetails.push(fare as never);
    const error = expectWidgetError(() => validateFareDetailsUic(details), 'INVALID_UIC', 'the fare cannot be read');
    expect(causeMessage(error)).toBe('fareDetails[0].fromUIC: invalid');
  });

  it('accepts Details with no fares', () => {
    expect(() =>
      validateFareDetailsUic(detailsOf('instant', { JourneyPlannerResults: { fareDetails: [] } })),
    ).not.toThrow();
  });

  it.each([
    ['null', null],
    ['without JourneyPlannerResults', {}],
    ['without fareDetails', { JourneyPlannerResults: {} }],
  ])('accepts Details that are %s (nothing to check)', (_case, details) => {
    expect(() => validateFareDetailsUic(details as unknown as Details)).not.toThrow();
  });
});
