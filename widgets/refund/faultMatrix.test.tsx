/**
 * The refund page's fault matrix (docs/fault-matrix.md): every call the refund widget makes
 * (docs/product-rules.md section 7: refund status, dry run, ProcessRefund, LookupJourneys, the
 * replacement dry run and ProcessRefundWithReplacement) is driven through HTTP 500, a timeout, a
 * dropped connection, malformed JSON, an empty body, the JSON literal `null` and a slow answer,
 * through the real `mount`. Each cell asserts the catalogued outcome (docs/product-rules.md section
 * 8 or docs/decisions.md's decided texts), that the widget is never blank and that nothing is
 * logged as an error. Short timeouts (100 ms).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import bookings from '../../fixtures/bookings.json';
import lookups from '../../fixtures/lookups.json';
import stations from '../../fixtures/stations.json';
import { RELOAD_PAGE_TEXT } from '../../shared/errors/WidgetError';
import { route, sent, server } from '../../test/api/server';
import { faultAnswer, FAULTS, registerFaultMatrixHooks, SERVER_ERROR_TEXT, type Fault } from '../../test/faults';
import { mountOnHostPage } from '../../test/hostPage';
import { mount } from './mount';
import { LOOKUP_PATH, REPLACEMENT_DRY_RUN_PATH, REPLACEMENT_PATH } from './replacement/api';
import { texts as replacementTexts } from './replacement/texts';
import { texts } from './texts';

const TIMEOUT_MS = 100;
const STATUS_URL = '/Refund/Status?bookingReference=X';
const DRY_RUN_URL = '/Refund/DryRun?bookingReference=X';
const states = bookings as unknown as Record<string, { details: unknown; status: unknown; dryRun: unknown }>;
const candidates = lookups.candidates;
const mounted = registerFaultMatrixHooks(TIMEOUT_MS);

/** Answers `url` with `fault`, or with `ok` after half the timeout for a slow answer. */
const answer = (method: 'get' | 'post', url: string, fault: Fault, ok: unknown) =>
  server.use(route(method, url, () => faultAnswer(fault, ok, TIMEOUT_MS / 2)));
/** Answers `url` with 200 and `body` as JSON text. */
const serve = (method: 'get' | 'post', url: string, body: unknown) =>
  server.use(route(method, url, () => HttpResponse.text(JSON.stringify(body))));

function mountState(name: string) {
  const page = mountOnHostPage(mount, {
    mountId: 'refund-widget',
    details: states[name].details,
    stations,
    attrs: {
      'refund-status-url': STATUS_URL,
      'dry-run-url': DRY_RUN_URL,
      'appeals-email': 'appeals@example.co.uk',
      'support-email': 'support@example.co.uk',
    },
  });
  mounted.push(page.unmount);
  return page.element;
}

function serveBooking(name: string) {
  serve('get', STATUS_URL, states[name].status);
  serve('get', DRY_RUN_URL, states[name].dryRun);
}

/** Opens the replacement form and looks up the candidates' booking (pasted: typing is tested in ReplacementPanel.test.tsx). */
async function lookUp(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Provide replacement journey' }));
  await user.click(await screen.findByRole('textbox', { name: 'Booking reference' }));
  await user.paste(candidates.bookingReference);
  await user.click(screen.getByRole('textbox', { name: 'Email address' }));
  await user.paste(candidates.email);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

/** The widget shows something: never a blank mount point. */
const assertNotBlank = (element: HTMLElement) => expect(element.textContent?.trim().length).toBeGreaterThan(20);

describe('GET refund status', () => {
  it.each(FAULTS)('%s', async (fault) => {
    answer('get', STATUS_URL, fault, states.instant.status);
    serve('get', DRY_RUN_URL, states.instant.dryRun);
    const element = mountState('instant');
    if (fault === 'slow') {
      expect(screen.getByText(texts.preamble)).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Accept refund' })).toBeInTheDocument();
    } else if (fault === 'JSON null') {
      // The JSON literal null is docs/product-rules.md section 8's null response (docs/product-rules.md "Null refund status").
      expect(await screen.findByRole('alert')).toHaveTextContent('null response, no matching journey');
      expect(screen.queryByText(texts.statusFailure)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Accept refund' })).not.toBeInTheDocument();
    } else {
      expect(await screen.findByText(texts.statusFailure)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: texts.contactSupport })).toBeInTheDocument();
      // Details: the server's body alone, and only when it sent one (docs/product-rules.md section 8;
      // the 500's retry may time out on a loaded machine, leaving no details: RefundWidget.test.tsx
      // asserts the details of an answer exactly).
      const details = screen.queryByText(texts.errorDetails)?.nextElementSibling?.textContent ?? null;
      expect(fault === '500' ? [SERVER_ERROR_TEXT, null] : [null]).toContain(details);
    }
    assertNotBlank(element);
  });
});

describe('GET dry run', () => {
  it.each(FAULTS)('%s', async (fault) => {
    serve('get', STATUS_URL, states.instant.status);
    answer('get', DRY_RUN_URL, fault, states.instant.dryRun);
    const element = mountState('instant');
    await waitFor(() => expect(element.querySelector('.rw-refund__panel')).not.toBeNull());
    const instant = screen.queryByRole('heading', { name: /^You will receive £/ });
    // A failed dry run offers no instant refund (docs/product-rules.md section 8 "any other dry-run failure").
    expect(instant !== null).toBe(fault === 'slow');
    // An outage (a 5xx, a timeout, no answer) says the check could not be made, never a refusal
    // (docs/decisions.md "An outage is not a decision").
    const outage = ['500', 'timeout', 'dropped'].includes(fault);
    expect(screen.queryByText(texts.dryRunOutage) !== null).toBe(outage);
    if (outage) expect(screen.queryByText(texts.refundUnavailable)).not.toBeInTheDocument();
    assertNotBlank(element);
  });
});

describe('POST /api/ProcessRefund', () => {
  it.each(FAULTS)('%s', async (fault) => {
    serveBooking('instant');
    answer('post', '/api/ProcessRefund', fault, {});
    const element = mountState('instant');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Accept refund' }));
    if (fault === '500' || fault === 'timeout' || fault === 'dropped') {
      expect(await screen.findByText(texts.processFailure)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: texts.contactSupport })).toBeInTheDocument();
      // Details only for the server's own text (the 500's body), never a status or client message.
      const details = screen.queryByText(texts.errorDetails)?.nextElementSibling?.textContent ?? null;
      expect(fault === '500' ? [SERVER_ERROR_TEXT, null] : [null]).toContain(details);
    } else {
      // Any 2xx is success, whatever the body (docs/architecture.md).
      expect(await screen.findByRole('heading', { name: 'Refund request accepted' })).toBeInTheDocument();
    }
    expect(sent('POST', '/api/ProcessRefund')).toHaveLength(1);
    assertNotBlank(element);
  });
});

describe('POST /api/LookupJourneys', () => {
  // The server's text when it gave one, else a plain sentence: never the client's or the
  // validator's own message (docs/decisions.md "The refund page's words and amounts").
  const expected: Record<Exclude<Fault, 'slow'>, string> = {
    '500': SERVER_ERROR_TEXT,
    timeout: replacementTexts.lookupFailedPlain,
    dropped: replacementTexts.lookupFailedPlain,
    'malformed JSON': replacementTexts.lookupFailedPlain,
    'empty body': replacementTexts.lookupFailedPlain,
    'JSON null': replacementTexts.lookupFailedPlain,
  };
  it.each(FAULTS)('%s', async (fault) => {
    serveBooking('replacement');
    answer('post', LOOKUP_PATH, fault, candidates.answer);
    serve('post', REPLACEMENT_DRY_RUN_PATH, candidates.dryRuns['900101']);
    const element = mountState('replacement');
    await lookUp(userEvent.setup());
    if (fault === 'slow') {
      expect(await screen.findByRole('dialog', { name: replacementTexts.pickerTitle })).toBeInTheDocument();
    } else {
      const modal = await screen.findByRole('alertdialog', { name: replacementTexts.lookupFailed });
      expect(modal).toHaveTextContent(`${replacementTexts.lookupFailed}${expected[fault]}Close`);
    }
    assertNotBlank(element);
  });
});

describe('POST /api/ProcessRefundWithReplacement/DryRun', () => {
  const plain = replacementTexts.unableToUse(replacementTexts.couldNotCheck);
  const expected: Record<Exclude<Fault, 'slow'>, string> = {
    '500': `Unable to use this journey: ${SERVER_ERROR_TEXT}`,
    timeout: plain,
    dropped: plain,
    'malformed JSON': plain,
    'empty body': plain,
    'JSON null': plain,
  };
  it.each(FAULTS)('%s', async (fault) => {
    serveBooking('replacement');
    serve('post', LOOKUP_PATH, candidates.answer);
    answer('post', REPLACEMENT_DRY_RUN_PATH, fault, candidates.dryRuns['900101']);
    const element = mountState('replacement');
    await lookUp(userEvent.setup());
    if (fault === 'slow') {
      expect(await screen.findByRole('button', { name: 'Confirm £35.50 refund' })).toBeEnabled();
    } else {
      expect(await screen.findByText(expected[fault])).toBeInTheDocument();
      expect(screen.getByRole('button', { name: replacementTexts.confirmUnknown })).toBeDisabled();
      // Each of these decided nothing: Try again runs the dry run again.
      expect(screen.getByRole('button', { name: texts.tryAgain })).toBeInTheDocument();
    }
    assertNotBlank(element);
  });
});

describe('POST /api/ProcessRefundWithReplacement', () => {
  it.each(FAULTS)('%s', async (fault) => {
    serveBooking('replacement');
    serve('post', LOOKUP_PATH, candidates.answer);
    serve('post', REPLACEMENT_DRY_RUN_PATH, candidates.dryRuns['900101']);
    answer('post', REPLACEMENT_PATH, fault, {});
    const element = mountState('replacement');
    const user = userEvent.setup();
    await lookUp(user);
    await user.click(await screen.findByRole('button', { name: 'Confirm £35.50 refund' }));
    if (fault === '500' || fault === 'timeout' || fault === 'dropped') {
      expect(await screen.findByText(texts.processFailure)).toBeInTheDocument();
    } else {
      expect(await screen.findByRole('heading', { name: 'Refund request accepted' })).toBeInTheDocument();
    }
    expect(sent('POST', REPLACEMENT_PATH)).toHaveLength(1);
    assertNotBlank(element);
  });
});

describe('a 403 to a state-changing call: stale antiforgery token or session (docs/security.md)', () => {
  const REFUSED = 'The request verification token is missing or does not match. Reload the page and try again.';

  it.each([
    ['ProcessRefund', '/api/ProcessRefund'],
    ['LookupJourneys', LOOKUP_PATH],
    ['the replacement dry run', REPLACEMENT_DRY_RUN_PATH],
    ['ProcessRefundWithReplacement', REPLACEMENT_PATH],
  ])('%s shows the reload text; every POST carried the page token', async (_name, refusedPath) => {
    const replacement = refusedPath !== '/api/ProcessRefund';
    serveBooking(replacement ? 'replacement' : 'instant');
    serve('post', LOOKUP_PATH, candidates.answer);
    serve('post', REPLACEMENT_DRY_RUN_PATH, candidates.dryRuns['900101']);
    server.use(route('post', refusedPath, () => new HttpResponse(REFUSED, { status: 403 })));
    const element = mountState(replacement ? 'replacement' : 'instant');
    // The host page carries a token (added after the mount, which lays the page out).
    document.head.insertAdjacentHTML('beforeend', '<meta name="request-verification-token" content="page-token">');
    const user = userEvent.setup();
    if (!replacement) await user.click(await screen.findByRole('button', { name: 'Accept refund' }));
    else await lookUp(user);
    if (refusedPath === REPLACEMENT_PATH)
      await user.click(await screen.findByRole('button', { name: 'Confirm £35.50 refund' }));
    expect(await screen.findByText(RELOAD_PAGE_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(texts.processFailure)).toBeNull();
    expect(sent('POST').length).toBeGreaterThan(0);
    for (const request of sent('POST')) expect(request.headers.get('RequestVerificationToken')).toBe('page-token');
    assertNotBlank(element);
  });
});
