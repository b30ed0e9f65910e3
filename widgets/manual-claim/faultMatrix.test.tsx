/**
 * The manual claim's fault matrix (docs/fault-matrix.md): every call the widget makes
 * (docs/product-rules.md section 7: POST /tickets/upload with header Journey-Id, POST
 * /tickets/submit-claim, POST /tickets/delete/{uploadId}) is driven through HTTP 500, a timeout, a
 * dropped connection, malformed JSON, an empty body, the JSON literal `null` and a slow answer,
 * through the real `mount` and the real UI. Each cell asserts the catalogued outcome
 * (docs/product-rules.md section 8 or docs/architecture.md's decided texts), that the widget is
 * never blank and that nothing is logged with console.error.
 *
 * How each call is answered: every call, the uploads included, goes through the one axios instance
 * (docs/architecture.md "One request layer") and is answered at the network by Mock Service Worker
 * (test/api/server.ts), like the refund page's matrix. Short timeouts (100 ms) and one quick retry.
 * Dropzone's canvas resize (absent in jsdom) is replaced by a spy that hands on a copy of the
 * file's bytes.
 *
 * Decided outcomes of an upload (docs/uploads.md "What the traveller reads"): a 5xx, a timeout and
 * a dropped connection each show a plain sentence saying what to do (never the server's text, a
 * status or "Server responded with …"). These three may mend: the layer tries them again by itself
 * with the same Idempotency-Key, then the photo shows "Try again". A 2xx answer without a usable
 * id (malformed JSON, an empty body, `null`) counts as a failed upload and shows `We could not tell
 * whether this photo arrived. Remove it, then add it again.`. A failed file never counts towards
 * the claim, so Submit stays disabled.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import Dropzone, { type DropzoneFile } from 'dropzone';
import bookings from '../../fixtures/bookings.json';
import stations from '../../fixtures/stations.json';
import { RELOAD_PAGE_TEXT } from '../../shared/errors/WidgetError';
import { route, sent, sentRequests, server } from '../../test/api/server';
import { faultAnswer, FAULTS, registerFaultMatrixHooks, SERVER_ERROR_TEXT, type Fault } from '../../test/faults';
import { mountOnHostPage } from '../../test/hostPage';
import { SUBMIT_CLAIM_PATH, UPLOAD_PATH } from './api';
import { mount } from './mount';
import { texts } from './texts';
import { photos, resizedCopy } from '../../test/widgets/manual-claim/testUtils';

const TIMEOUT_MS = 100;
const SLOW_MS = TIMEOUT_MS / 2;
const SUPPORT = 'support@example.co.uk';
const REFERENCE = 'LBG7WK2F';
const states = bookings as unknown as Record<string, { details: unknown }>;
const mounted = registerFaultMatrixHooks(TIMEOUT_MS);

/** Answers POSTs to `path` with `fault`, or with `ok` (200) after half the timeout for a slow answer. */
const answer = (path: string, fault: Fault, ok: unknown = {}) =>
  server.use(route('post', path, () => faultAnswer(fault, ok, SLOW_MS)));
/** Answers POSTs to `path` with `status` and `body`. */
const reply = (path: string, status: number, body: string | null = null, headers?: Record<string, string>) =>
  server.use(route('post', path, () => new HttpResponse(body, { status, headers })));

function mountPrinted() {
  const page = mountOnHostPage(mount, {
    mountId: 'manual-claim-widget',
    details: states.printed.details,
    stations,
    attrs: { 'journey-id': '700110', 'support-email': SUPPORT },
  });
  mounted.push(page.unmount);
  return page.element;
}

async function fileInput(): Promise<HTMLInputElement> {
  return (await screen.findByLabelText(texts.uploadLabel, {}, { timeout: 5000 })) as HTMLInputElement;
}

/** The uploads that reached the server. */
const uploads = () => sent('POST', UPLOAD_PATH);

/** Uploads one photo answered with the id `up_1`. */
async function uploadOne(user: ReturnType<typeof userEvent.setup>): Promise<string> {
  server.use(route('post', UPLOAD_PATH, () => HttpResponse.text('"up_1"'), { once: true }));
  await user.upload(await fileInput(), photos(1));
  await screen.findByText(texts.statusUploaded);
  await waitFor(() => expect(submitButton()).toBeEnabled());
  return 'up_1';
}

const submitButton = () => screen.getByRole('button', { name: texts.submit });
const claimPosts = () => sent('POST', SUBMIT_CLAIM_PATH);
const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

/** The widget shows something: never a blank mount point. */
const assertNotBlank = (element: HTMLElement) => expect(element.textContent?.trim().length).toBeGreaterThan(20);

beforeEach(() => {
  jest
    .spyOn(Dropzone.prototype, 'resizeImage')
    .mockImplementation((file: DropzoneFile, _w, _h, _m, callback) => callback(resizedCopy(file)));
});

describe('POST /tickets/upload (through the request layer)', () => {
  const failure: Record<Exclude<Fault, 'slow'>, string> = {
    // A 5xx shows a plain sentence, never the server's own text (docs/uploads.md "What the traveller reads").
    '500': 'The photo could not be uploaded just now. Please try again.',
    timeout: texts.uploadTimedOut,
    dropped: texts.uploadNoAnswer,
    'malformed JSON': texts.unreadableUpload,
    'empty body': texts.unreadableUpload,
    'JSON null': texts.unreadableUpload,
  };
  const mends = (fault: Fault) => fault === '500' || fault === 'timeout' || fault === 'dropped';

  it.each(FAULTS)('%s', async (fault) => {
    const element = mountPrinted();
    const user = userEvent.setup();
    answer(UPLOAD_PATH, fault, 'up_slow');
    await user.upload(await fileInput(), photos(1));
    if (fault === 'slow') {
      // Loading state while the upload is under way.
      expect(await screen.findByText(texts.statusUploading)).toBeInTheDocument();
      expect(submitButton()).toBeDisabled();
      expect(await screen.findByText(texts.statusUploaded)).toBeInTheDocument();
      await waitFor(() => expect(submitButton()).toBeEnabled());
      expect(uploads()).toHaveLength(1);
    } else {
      expect(await screen.findByText(failure[fault])).toBeInTheDocument();
      expect(element).not.toHaveTextContent(SERVER_ERROR_TEXT);
      expect(element).not.toHaveTextContent(/Server responded|Network Error|timeout of/);
      expect(screen.getByText('photo-1.png')).toBeInTheDocument();
      expect(screen.queryByText(texts.statusUploaded)).not.toBeInTheDocument();
      expect(submitButton()).toBeDisabled();
      await waitFor(() => expect(submitButton()).toHaveAccessibleDescription(texts.needOneImage));
      const retry = screen.queryByRole('button', { name: 'Try uploading photo-1.png again' });
      if (mends(fault)) {
        // Tried again once by the layer (the matrix's one quick retry), then by the traveller.
        expect(uploads()).toHaveLength(2);
        reply(UPLOAD_PATH, 200, '"up_again"');
        await user.click(retry as HTMLElement);
        expect(await screen.findByText(texts.statusUploaded)).toBeInTheDocument();
        await waitFor(() => expect(submitButton()).toBeEnabled());
        expect(uploads()).toHaveLength(3);
      } else {
        // A definite answer is never tried again.
        expect(retry).toBeNull();
        await pause(TIMEOUT_MS);
        expect(uploads()).toHaveLength(1);
      }
    }
    const [first, ...others] = uploads();
    expect(first.headers.get('Journey-Id')).toBe('700110');
    // The upload has a timeout (the upload widget's 30 s of docs/product-rules.md section 9), never none.
    expect(first.timeout).toBeGreaterThan(0);
    // Every try of the photo carries its one Idempotency-Key.
    expect(first.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{64}$/);
    for (const other of others) expect(other.headers.get('Idempotency-Key')).toBe(first.headers.get('Idempotency-Key'));
    assertNotBlank(element);
  });
});

describe('POST /tickets/upload, malformed answers in other forms', () => {
  it.each([
    ['malformed JSON as text/plain', '{"id": ', 'text/plain'],
    ['an object without id', '{"uploadId":"x"}', 'application/json'],
  ])('%s counts as a failed upload', async (_name, body, contentType) => {
    const element = mountPrinted();
    reply(UPLOAD_PATH, 200, body, { 'Content-Type': contentType });
    await userEvent.setup().upload(await fileInput(), photos(1));
    expect(await screen.findByText(texts.unreadableUpload)).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    assertNotBlank(element);
  });
});

describe('POST /tickets/submit-claim', () => {
  it.each(FAULTS)('%s', async (fault) => {
    const element = mountPrinted();
    const user = userEvent.setup();
    const id = await uploadOne(user);
    answer(SUBMIT_CLAIM_PATH, fault);
    const button = submitButton();
    // Pressed repeatedly: one request per confirmed action.
    act(() => {
      button.click();
      button.click();
      button.click();
    });
    expect(screen.getByText(texts.submitting)).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    if (fault === '500' || fault === 'timeout' || fault === 'dropped') {
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByRole('heading', { name: texts.failed })).toBeInTheDocument();
      expect(alert).toHaveTextContent(texts.failedBody(SUPPORT, REFERENCE));
      expect(within(alert).getByRole('link', { name: texts.emailSupport })).toHaveAttribute(
        'href',
        expect.stringMatching(new RegExp(`^mailto:${SUPPORT.replace('.', '\\.')}\\?`)),
      );
      // Never retried by the code: still one request well after the failure.
      await pause(TIMEOUT_MS * 2);
      expect(claimPosts()).toHaveLength(1);
      const firstKey = claimPosts()[0].headers.get('Idempotency-Key');
      expect(firstKey).toMatch(/^[0-9a-f-]{36}$/);
      // The traveller's retry resends the same claim with the same Idempotency-Key.
      reply(SUBMIT_CLAIM_PATH, 200, '{}');
      const retry = within(alert).getByRole('button', { name: texts.tryAgain });
      act(() => {
        retry.click();
        retry.click();
      });
      expect(await screen.findByRole('heading', { name: texts.submitted })).toBeInTheDocument();
      const posts = await sentRequests('POST', SUBMIT_CLAIM_PATH);
      expect(posts).toHaveLength(2);
      expect(posts[1].headers.get('Idempotency-Key')).toBe(firstKey);
      expect(JSON.parse(posts[1].body)).toEqual(JSON.parse(posts[0].body));
      expect(JSON.parse(posts[1].body)).toEqual({ Ctr: REFERENCE, Images: [id] });
    } else {
      // Any 2xx is success, whatever the body (docs/architecture.md); a slow answer after "Sending your claim…".
      expect(await screen.findByRole('heading', { name: texts.submitted })).toBeInTheDocument();
      const posts = await sentRequests('POST', SUBMIT_CLAIM_PATH);
      expect(posts).toHaveLength(1);
      expect(posts[0].headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.parse(posts[0].body)).toEqual({ Ctr: REFERENCE, Images: [id] });
    }
    assertNotBlank(element);
  });
});

describe('POST /tickets/delete/{uploadId}', () => {
  it.each(FAULTS)('%s', async (fault) => {
    const element = mountPrinted();
    const user = userEvent.setup();
    const id = await uploadOne(user);
    const path = `/tickets/delete/${id}`;
    answer(path, fault);
    await user.click(screen.getByRole('button', { name: 'Remove photo-1.png' }));
    if (fault === '500' || fault === 'timeout' || fault === 'dropped') {
      // A failed delete keeps the file listed with a retry (docs/architecture.md), and it stays in the claim.
      const retry = await screen.findByRole('button', { name: 'Try removing photo-1.png again' });
      expect(screen.getByText('photo-1.png')).toBeInTheDocument();
      expect(screen.getAllByText(texts.removeFailed).length).toBeGreaterThan(0);
      await waitFor(() => expect(submitButton()).toBeEnabled());
      await pause(TIMEOUT_MS * 2);
      expect(sent('POST', path)).toHaveLength(1);
      reply(path, 204);
      await user.click(retry);
      await waitFor(() => expect(screen.queryByText('photo-1.png')).not.toBeInTheDocument());
      expect(sent('POST', path)).toHaveLength(2);
    } else {
      // Any 2xx is success, whatever the body; a slow answer shows "Removing…" first.
      if (fault === 'slow') expect(screen.getByText(texts.statusRemoving)).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText('photo-1.png')).not.toBeInTheDocument());
      expect(screen.getByText('photo-1.png removed.')).toBeInTheDocument();
      expect(sent('POST', path)).toHaveLength(1);
    }
    expect(sent('POST').filter((r) => r.url !== UPLOAD_PATH && r.hasBody)).toEqual([]);
    expect(submitButton()).toBeDisabled();
    assertNotBlank(element);
  });
});

describe('a 403 to upload, delete or submit-claim: stale antiforgery token or session (docs/security.md)', () => {
  const REFUSED = 'The request verification token is missing or does not match. Reload the page and try again.';
  /** Mounts the claim on a host page that carries a token (the host page is laid out by the mount). */
  const mountWithToken = () => {
    const element = mountPrinted();
    document.head.insertAdjacentHTML('beforeend', '<meta name="request-verification-token" content="page-token">');
    return element;
  };

  it('upload: the page token goes with the upload; a 403 shows the reload text', async () => {
    const element = mountWithToken();
    reply(UPLOAD_PATH, 403, REFUSED);
    await userEvent.setup().upload(await fileInput(), photos(1));
    expect(await screen.findByText(RELOAD_PAGE_TEXT)).toBeInTheDocument();
    const { headers } = uploads()[0];
    expect(headers.get('RequestVerificationToken')).toBe('page-token');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(submitButton()).toBeDisabled();
    assertNotBlank(element);
  });

  it('delete: the token and X-Requested-With go with it; a 403 keeps the photo with the reload text', async () => {
    mountWithToken();
    const user = userEvent.setup();
    const id = await uploadOne(user);
    reply(`/tickets/delete/${id}`, 403, REFUSED);
    await user.click(screen.getByRole('button', { name: 'Remove photo-1.png' }));
    await screen.findByRole('button', { name: 'Try removing photo-1.png again' });
    expect(screen.getAllByText(RELOAD_PAGE_TEXT).length).toBeGreaterThan(0);
    const { headers } = sent('POST').filter((r) => r.url !== UPLOAD_PATH)[0];
    expect(headers.get('RequestVerificationToken')).toBe('page-token');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('submit-claim: a 403 shows "Something went wrong" with the reload text', async () => {
    mountWithToken();
    const user = userEvent.setup();
    await uploadOne(user);
    reply(SUBMIT_CLAIM_PATH, 403, REFUSED);
    await user.click(submitButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: texts.failed })).toBeInTheDocument();
    expect(alert).toHaveTextContent(RELOAD_PAGE_TEXT);
    expect(claimPosts()[0].headers.get('RequestVerificationToken')).toBe('page-token');
  });
});
