/**
 * @jest-environment node
 */
/**
 * The widgets' consumer contract with the retailer's API (docs/host-contract.md "The API calls"; every
 * call of docs/product-rules.md section 7): each test drives a widget's API module against Pact's mock
 * server, which records the request sent and the answer understood into contract/pacts/. Provider
 * states are demo bookings (docs/demo-bookings.md); `npm run verify:api` replays the file against an API.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';
import { JSDOM } from 'jsdom';
import {
  MatchersV3,
  PactV4,
  SpecificationVersion,
  type V3MockServer as MockServer,
  type Matcher,
} from '@pact-foundation/pact';
import { reportError, setApiBase } from '@rw/page-runtime';
import { fetchRefundStatus } from '../shared/api/refundStatus';
import { configureClient } from '../shared/api/policy';
import { fetchDryRun, processRefund } from '../widgets/refund/api';
import { lookupJourneys, processReplacement, replacementDryRun } from '../widgets/refund/replacement/api';
import { deleteUpload, submitClaim, uploadPhoto } from '../widgets/manual-claim/api';
import { widgetFailure } from '../test/faults';

const {
  arrayContaining,
  boolean,
  eachLike,
  fromProviderState,
  includes,
  integer,
  iso8601DateTimeWithMillis,
  like,
  matchStatus,
  nullValue,
  regex,
  string,
  uuid,
  HTTPResponseStatusClass,
} = MatchersV3;

const PACT_FILE = 'refund-widgets-retailer-api.json';
const COMMITTED = path.join(__dirname, 'pacts', PACT_FILE);
const written = fs.mkdtempSync(path.join(os.tmpdir(), 'rw-pact-'));
const pact = new PactV4({
  consumer: 'refund-widgets',
  provider: 'retailer-api',
  dir: written,
  spec: SpecificationVersion.SPECIFICATION_VERSION_V4,
  logLevel: 'error',
});

/** The token the host's page gives (docs/host-contract.md "Sessions and tokens"), as the widgets read it. */
const TOKEN = 'page-token-0123456789abcdef';
const TOKEN_HEADER = { RequestVerificationToken: fromProviderState('${csrfToken}', TOKEN) };
const JSON_POST = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
const KEY = '5b0c6f0e-3d2a-4c1b-9f7e-8a6d5c4b3a21';
const committingHeaders = () => ({ ...JSON_POST, ...TOKEN_HEADER, 'Idempotency-Key': uuid(KEY) });

/** A 1×1 GIF: the photo the manual claim uploads. */
const PHOTO = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const UPLOAD_ID = 'Vb3xQ9rT2mK8pL4nW7cY1dZ5';
const UPLOAD_ID_SHAPE = '^[A-Za-z0-9_-]{1,64}$';

beforeAll(() => {
  const page = new JSDOM(`<head><meta name="request-verification-token" content="${TOKEN}"></head>`);
  Object.assign(globalThis, { document: page.window.document });
  configureClient({ retry: { retries: 0 } });
});

let declared = 0;
let passed = 0;

/** `it`, counted: the pact file is rewritten only when every test of this file ran and passed. */
function contractTest(name: string, run: () => Promise<void>): void {
  declared += 1;
  it(name, async () => {
    await run();
    passed += 1;
  });
}

afterAll(() => {
  delete (globalThis as { document?: unknown }).document;
  const fresh = fs.readFileSync(path.join(written, PACT_FILE), 'utf8');
  const committed = fs.existsSync(COMMITTED) ? fs.readFileSync(COMMITTED, 'utf8') : '';
  fs.rmSync(written, { recursive: true, force: true });
  if (passed !== declared || fresh === committed) return;
  if (process.env.CI) throw new Error(`${COMMITTED} is stale: run \`npx jest contract/api.pact\` and commit it.`);
  fs.mkdirSync(path.dirname(COMMITTED), { recursive: true });
  fs.writeFileSync(COMMITTED, fresh);
});

/** Runs `test` with the widgets' API base on the mock server. */
const against = (test: (server: MockServer) => Promise<void>) => async (server: MockServer) => {
  setApiBase(server.url);
  await test(server);
};

const statusQuery = { bookingReference: fromProviderState('${bookingReference}', 'KXB7HT2N') };
const statusUrl = (server: MockServer, reference = 'KXB7HT2N') =>
  `${server.url}/Refund/Status?bookingReference=${reference}`;
const dryRunUrl = (server: MockServer, reference = 'KXB7HT2N') =>
  `${server.url}/Refund/DryRun?bookingReference=${reference}`;

/** A refund status's journey, as the refund and disruption widgets read it (docs/product-rules.md section 3). */
const statusJourney = {
  journeyID: integer(700101),
  ticketsValueAsReplacement: integer(19420),
  isPrinted: boolean(false),
  refundOptions: {
    refundCodes: eachLike({
      reasonCode: string('104'),
      scopes: eachLike({ scope: regex('^(All|In|Out)$', 'All'), selfRefundPermitted: boolean(true) }),
    }),
  },
};

const refundStatus = (journeyId: number) => ({
  journeyID: integer(journeyId),
  journeys: eachLike({ ...statusJourney, journeyID: integer(journeyId) }),
  ticketsRefundValue: integer(19420),
  adminFee: integer(500),
  ticketsReplaceValue: integer(19420),
  adminFeeReplacement: integer(500),
  canDeferExchange: boolean(true),
  isCancelled: boolean(false),
  isPrinted: boolean(false),
  isScanned: boolean(false),
  bookingReference: fromProviderState('${bookingReference}', 'KXB7HT2N'),
});

const dryRun = { refundValue: integer(18920), adminFee: integer(500) };

/** The answer builder of `willRespondWith` (pact exports no name for it). */
type ResponseBuilder = Parameters<
  NonNullable<Parameters<ReturnType<ReturnType<PactV4['addInteraction']>['withRequest']>['willRespondWith']>[1]>
>[0];

/** A plain-text error answer like `example`, matched by `rule` (the reference backend's form; docs/host-contract.md "The API calls"). */
const textAnswer = (example: string, rule: Matcher<string>) => (response: ResponseBuilder) =>
  response
    .headers({ 'Content-Type': regex('^text/plain.*$', 'text/plain; charset=utf-8') })
    .body('text/plain', Buffer.from(example))
    .matchingRules({ body: { path: '$', rules: [rule] } });
const ANY_TEXT = regex('^[\\s\\S]*\\S[\\s\\S]*$', 'Service unavailable');

describe('GET the refund status', () => {
  contractTest('reads a booking with a refund (demo booking instant)', async () => {
    await pact
      .addInteraction()
      .given('instant')
      .uponReceiving('GET the refund status of a booking with a refund')
      .withRequest('GET', '/Refund/Status', (request) => request.query(statusQuery))
      .willRespondWith(200, (response) =>
        response
          .headers({ 'Content-Type': regex('^application/json.*$', 'application/json; charset=utf-8') })
          .jsonBody({
            refundStatus: refundStatus(700101),
            isFeeFree: boolean(false),
            protectedReference: fromProviderState('${protectedReference}', 'pr_065dc90c2d177ceb8a746f9c'),
          }),
      )
      .executeTest(
        against(async (server) => {
          const answer = await fetchRefundStatus(statusUrl(server));
          expect(answer.refundStatus?.ticketsRefundValue).toBe(19420);
          expect(answer.refundStatus?.journeys[0].refundOptions.refundCodes[0].scopes[0].scope).toBe('All');
          expect(answer.protectedReference).toBe('pr_065dc90c2d177ceb8a746f9c');
        }),
      );
  });

  contractTest('reads "no matching journey" (demo booking null-status)', async () => {
    await pact
      .addInteraction()
      .given('null-status')
      .uponReceiving('GET the refund status of a booking with no matching journey')
      .withRequest('GET', '/Refund/Status', (request) =>
        request.query({ bookingReference: fromProviderState('${bookingReference}', 'E-7K2M9Q4ZA') }),
      )
      .willRespondWith(200, (response) => response.jsonBody({ refundStatus: nullValue() }))
      .executeTest(
        against(async (server) => {
          expect((await fetchRefundStatus(statusUrl(server, 'E-7K2M9Q4ZA'))).refundStatus).toBeNull();
        }),
      );
  });

  contractTest('shows a server error with its text (demo booking status-failure)', async () => {
    const text = 'Refund status service unavailable (correlation id 5f2a9c71)';
    await pact
      .addInteraction()
      .given('status-failure')
      .uponReceiving('GET the refund status when the status service fails')
      .withRequest('GET', '/Refund/Status', (request) =>
        request.query({ bookingReference: fromProviderState('${bookingReference}', 'JGT5FB9W') }),
      )
      .willRespondWith(matchStatus(500, HTTPResponseStatusClass.ServerError), textAnswer(text, ANY_TEXT))
      .executeTest(
        against(async (server) => {
          const failure = await widgetFailure(fetchRefundStatus(statusUrl(server, 'JGT5FB9W')));
          expect([failure.code, failure.message]).toEqual(['API_ERROR', text]);
        }),
      );
  });
});

describe('GET the dry run', () => {
  contractTest('reads the amounts (demo booking instant)', async () => {
    await pact
      .addInteraction()
      .given('instant')
      .uponReceiving('GET the dry run of a booking with a refund')
      .withRequest('GET', '/Refund/DryRun', (request) => request.query(statusQuery))
      .willRespondWith(200, (response) => response.jsonBody({ ...dryRun, reasonCode: nullValue() }))
      .executeTest(
        against(async (server) => {
          expect(await fetchDryRun(dryRunUrl(server))).toEqual({ refundValue: 18920, adminFee: 500, reasonCode: null });
        }),
      );
  });

  for (const [state, reference, status, phrase] of [
    ['self-refunds-disabled', 'XFK2JH6G', 403, 'Self refunds are disabled'],
    ['six-months', 'E-B6M1TQ8ZR', 400, 'older than 6 months'],
  ] as const) {
    contractTest(`reads the error that changes the page: "${phrase}" (demo booking ${state})`, async () => {
      const example = status === 400 ? 'Booking is older than 6 months' : phrase;
      await pact
        .addInteraction()
        .given(state)
        .uponReceiving(`GET the dry run answering "${phrase}"`)
        .withRequest('GET', '/Refund/DryRun', (request) =>
          request.query({ bookingReference: fromProviderState('${bookingReference}', reference) }),
        )
        .willRespondWith(
          matchStatus(status, HTTPResponseStatusClass.ClientError),
          textAnswer(example, includes(phrase)),
        )
        .executeTest(
          against(async (server) => {
            const failure = await widgetFailure(fetchDryRun(dryRunUrl(server, reference)));
            expect(failure.message).toContain(phrase);
          }),
        );
    });
  }
});

describe('POST /api/ProcessRefund', () => {
  contractTest('sends the refund once with its Idempotency-Key and token (demo booking instant)', async () => {
    await pact
      .addInteraction()
      .given('instant')
      .uponReceiving('POST /api/ProcessRefund for a booking with a refund')
      .withRequest('POST', '/api/ProcessRefund', (request) =>
        request.headers(committingHeaders()).jsonBody({
          protectedReference: fromProviderState('${protectedReference}', 'pr_065dc90c2d177ceb8a746f9c'),
          journeyId: fromProviderState('${journeyId}', 700101),
          covid19: false,
          defer: false,
          disruptedOutwards: false,
          disruptedInwards: false,
        }),
      )
      .willRespondWith(matchStatus(200, HTTPResponseStatusClass.Success))
      .executeTest(
        against(async () => {
          await expect(
            processRefund(
              {
                protectedReference: 'pr_065dc90c2d177ceb8a746f9c',
                journeyId: 700101,
                covid19: false,
                defer: false,
                disruptedOutwards: false,
                disruptedInwards: false,
              },
              KEY,
            ),
          ).resolves.toBeUndefined();
        }),
      );
  });
});

const LOOKUP_ANSWER_ITEM = {
  refundStatus: like({ journeyID: integer(900101) }),
  journeyList: eachLike({
    journeyID: integer(900101),
    bookingReference: string('WRT3FG4H'),
    totalCost: integer(6020),
    legRecordsOut: eachLike({
      originDepartTime: regex('^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2})?$', '2027-02-20T11:00:00'),
      originCRS: regex('^[A-Z]{3}$', 'KGX'),
      destinationArriveTime: regex('^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2})?$', '2027-02-20T13:55:00'),
      destinationCRS: regex('^[A-Z]{3}$', 'NCL'),
      mode: string('TRAIN'),
    }),
  }),
};

const lookupBody = (reference: string, email: string) => ({
  bookingReference: fromProviderState('${replacementBookingReference}', reference),
  email: fromProviderState('${replacementEmail}', email),
});

describe('POST /api/LookupJourneys', () => {
  contractTest("lists the replacement booking's journeys (demo bookings replacement and candidates)", async () => {
    await pact
      .addInteraction()
      .given('replacement')
      .given('candidates')
      .uponReceiving('POST /api/LookupJourneys for a replacement booking with journeys')
      .withRequest('POST', '/api/LookupJourneys', (request) =>
        request
          .headers({ ...JSON_POST, ...TOKEN_HEADER })
          .jsonBody(lookupBody('WRT3FG4H', 'replacement.booking@example.com')),
      )
      .willRespondWith(200, (response) => response.jsonBody(arrayContaining(LOOKUP_ANSWER_ITEM)))
      .executeTest(
        against(async () => {
          const journeys = await lookupJourneys({
            bookingReference: 'WRT3FG4H',
            email: 'replacement.booking@example.com',
          });
          expect(journeys.map((journey) => [journey.journeyID, journey.legRecordsOut[0].originCRS])).toEqual([
            [900101, 'KGX'],
          ]);
        }),
      );
  });

  contractTest('finds no eligible journey when no item has a refund status (demo booking no-eligible)', async () => {
    await pact
      .addInteraction()
      .given('replacement')
      .given('no-eligible')
      .uponReceiving('POST /api/LookupJourneys for a replacement booking with no eligible journey')
      .withRequest('POST', '/api/LookupJourneys', (request) =>
        request.headers({ ...JSON_POST, ...TOKEN_HEADER }).jsonBody(lookupBody('BNX5TW8K', 'too.late@example.com')),
      )
      .willRespondWith(200, (response) =>
        response.jsonBody(eachLike({ ...LOOKUP_ANSWER_ITEM, refundStatus: nullValue() })),
      )
      .executeTest(
        against(async () => {
          await expect(
            lookupJourneys({ bookingReference: 'BNX5TW8K', email: 'too.late@example.com' }),
          ).resolves.toEqual([]);
        }),
      );
  });

  contractTest("shows the server's text of a failed lookup (demo booking lookup-error)", async () => {
    const text = 'Journey lookup is temporarily unavailable. Please try again in a few minutes.';
    await pact
      .addInteraction()
      .given('replacement')
      .given('lookup-error')
      .uponReceiving('POST /api/LookupJourneys when the lookup fails')
      .withRequest('POST', '/api/LookupJourneys', (request) =>
        request.headers({ ...JSON_POST, ...TOKEN_HEADER }).jsonBody(lookupBody('FHC9GR2W', 'lookup.error@example.com')),
      )
      .willRespondWith(matchStatus(503, HTTPResponseStatusClass.ServerError), textAnswer(text, ANY_TEXT))
      .executeTest(
        against(async () => {
          const failure = await widgetFailure(
            lookupJourneys({ bookingReference: 'FHC9GR2W', email: 'lookup.error@example.com' }),
          );
          expect(failure.message).toBe(text);
        }),
      );
  });
});

const REPLACEMENT = {
  protectedReference: 'rpr_dbf4300681c166d58e791894',
  journeyId: 700105,
  replacementBookingReference: 'WRT3FG4H',
  replacementJourneyId: 900101,
};
const replacementBody = (replacement: { replacementBookingReference: string; replacementJourneyId: number }) => ({
  protectedReference: fromProviderState('${replacementProtectedReference}', REPLACEMENT.protectedReference),
  journeyId: fromProviderState('${journeyId}', REPLACEMENT.journeyId),
  replacementBookingReference: fromProviderState(
    '${replacementBookingReference}',
    replacement.replacementBookingReference,
  ),
  replacementJourneyId: fromProviderState('${replacementJourneyId}', replacement.replacementJourneyId),
});

describe('POST /api/ProcessRefundWithReplacement/DryRun', () => {
  contractTest("reads the picker's amounts (demo bookings replacement and candidates)", async () => {
    await pact
      .addInteraction()
      .given('replacement')
      .given('candidates looked up')
      .uponReceiving('POST /api/ProcessRefundWithReplacement/DryRun for an eligible journey')
      .withRequest('POST', '/api/ProcessRefundWithReplacement/DryRun', (request) =>
        request.headers({ ...JSON_POST, ...TOKEN_HEADER }).jsonBody(replacementBody(REPLACEMENT)),
      )
      .willRespondWith(200, (response) => response.jsonBody({ refundValue: integer(3550), adminFee: integer(1000) }))
      .executeTest(
        against(async () => {
          await expect(replacementDryRun(REPLACEMENT)).resolves.toEqual({
            refundValue: 3550,
            adminFee: 1000,
            reasonCode: null,
          });
        }),
      );
  });

  contractTest("shows the server's text of a journey it refuses (demo bookings replacement and rejected)", async () => {
    const rejected = { ...REPLACEMENT, replacementBookingReference: 'KLX4BN7C', replacementJourneyId: 900201 };
    const text = 'the replacement was booked after your original departure time';
    await pact
      .addInteraction()
      .given('replacement')
      .given('rejected looked up')
      .uponReceiving('POST /api/ProcessRefundWithReplacement/DryRun for a journey it refuses')
      .withRequest('POST', '/api/ProcessRefundWithReplacement/DryRun', (request) =>
        request.headers({ ...JSON_POST, ...TOKEN_HEADER }).jsonBody(replacementBody(rejected)),
      )
      .willRespondWith(matchStatus(400, HTTPResponseStatusClass.ClientError), (response) =>
        response.jsonBody({ message: string(text) }),
      )
      .executeTest(
        against(async () => {
          expect((await widgetFailure(replacementDryRun(rejected))).message).toBe(text);
        }),
      );
  });
});

describe('POST /api/ProcessRefundWithReplacement', () => {
  contractTest(
    'sends the replacement once with its Idempotency-Key and token (demo bookings replacement and candidates)',
    async () => {
      await pact
        .addInteraction()
        .given('replacement')
        .given('candidates looked up')
        .uponReceiving('POST /api/ProcessRefundWithReplacement for an eligible journey')
        .withRequest('POST', '/api/ProcessRefundWithReplacement', (request) =>
          request.headers(committingHeaders()).jsonBody(replacementBody(REPLACEMENT)),
        )
        .willRespondWith(matchStatus(200, HTTPResponseStatusClass.Success))
        .executeTest(
          against(async () => {
            await expect(processReplacement(REPLACEMENT, KEY)).resolves.toBeUndefined();
          }),
        );
    },
  );
});

describe('the manual claim (demo booking printed)', () => {
  const journeyIdHeader = { 'Journey-Id': fromProviderState('${journeyId}', '700110') };

  contractTest('POSTs a photo to /tickets/upload and reads the upload id', async () => {
    const photo = path.join(written, 'ticket.gif');
    fs.writeFileSync(photo, PHOTO);
    await pact
      .addInteraction()
      .given('printed')
      .uponReceiving('POST /tickets/upload of one photo')
      .withRequest('POST', '/tickets/upload', (request) =>
        request
          .headers({
            ...journeyIdHeader,
            ...TOKEN_HEADER,
            'X-Requested-With': 'XMLHttpRequest',
            'Idempotency-Key': regex('^[0-9a-f-]{36,64}$', KEY),
          })
          .multipartBody('image/gif', photo, 'file', 'rw-pact-photo'),
      )
      .willRespondWith(200, (response) => response.jsonBody(regex(UPLOAD_ID_SHAPE, UPLOAD_ID)))
      .executeTest(
        against(async () => {
          const blob = new Blob([PHOTO], { type: 'image/gif' });
          await expect(uploadPhoto('700110', { name: 'ticket.gif', blob, key: KEY })).resolves.toBe(`"${UPLOAD_ID}"`);
        }),
      );
  });

  contractTest('POSTs /tickets/delete/{uploadId} with no body', async () => {
    await pact
      .addInteraction()
      .given('printed with a photo uploaded')
      .uponReceiving('POST /tickets/delete/{uploadId} of an uploaded photo')
      .withRequest(
        'POST',
        fromProviderState('/tickets/delete/${uploadId}', `/tickets/delete/${UPLOAD_ID}`),
        (request) => request.headers({ ...TOKEN_HEADER, 'X-Requested-With': 'XMLHttpRequest' }),
      )
      .willRespondWith(matchStatus(200, HTTPResponseStatusClass.Success))
      .executeTest(
        against(async () => {
          await expect(deleteUpload(UPLOAD_ID)).resolves.toBeUndefined();
        }),
      );
  });

  contractTest('POSTs the claim to /tickets/submit-claim once with its Idempotency-Key', async () => {
    await pact
      .addInteraction()
      .given('printed with a photo uploaded')
      .uponReceiving('POST /tickets/submit-claim with one uploaded photo')
      .withRequest('POST', '/tickets/submit-claim', (request) =>
        request.headers(committingHeaders()).jsonBody({
          Ctr: fromProviderState('${bookingReference}', 'LBG7WK2F'),
          Images: [fromProviderState('${uploadId}', UPLOAD_ID)],
        }),
      )
      .willRespondWith(matchStatus(201, HTTPResponseStatusClass.Success))
      .executeTest(
        against(async () => {
          await expect(submitClaim({ Ctr: 'LBG7WK2F', Images: [UPLOAD_ID] }, KEY)).resolves.toBeUndefined();
        }),
      );
  });
});

describe('POST /report/error', () => {
  contractTest('sends a client error report', async () => {
    await pact
      .addInteraction()
      .uponReceiving('POST /report/error of an uncaught error')
      .withRequest('POST', '/report/error', (request) =>
        request.headers({ ...JSON_POST, ...TOKEN_HEADER }).jsonBody({
          time: iso8601DateTimeWithMillis('2026-11-23T09:30:12.345Z'),
          message: string('TypeError: x is undefined'),
          source: string('widget:refund'),
          line: integer(0),
          column: integer(0),
          ua: string(''),
          pageUrl: string(''),
          stack: string(''),
        }),
      )
      .willRespondWith(matchStatus(204, HTTPResponseStatusClass.Success))
      .executeTest(
        against(async () => {
          const sent = jest.spyOn(globalThis, 'fetch');
          const error = new TypeError('x is undefined');
          error.stack = '';
          expect(reportError(error, { source: 'widget:refund' })).toBe(true);
          expect((await sent.mock.results[0].value).status).toBe(204);
          sent.mockRestore();
        }),
      );
  });
});
