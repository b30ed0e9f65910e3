/**
 * The manual claim widget through its real `mount`, on a host page built like the dev host's,
 * with the named fixture states (`printed`, `printed-advance`). Dropzone runs for real and its
 * canvas resize (absent in jsdom) is replaced by a spy; the uploads, submit-claim and delete go
 * through the one axios instance, mocked (the uploads are held until the test answers them). Every refusal and failure of
 * the claim is provoked here.
 */
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import Dropzone, { type DropzoneFile } from 'dropzone';
import bookings from '../../fixtures/bookings.json';
import stations from '../../fixtures/stations.json';
import { configureClient } from '../../shared/api/policy';
import { route, sent, sentRequests, server } from '../../test/api/server';
import { answersKey } from '../../shared/storage/journeyAnswers';
import { mountOnHostPage } from '../../test/hostPage';
import { mount } from './mount';
import { readManualClaimConfig } from './pageConfig';
import { texts, REFUSAL, UPLOAD_DICT } from './texts';
import { FakeUploads, fileOf, photos, resizedCopy } from '../../test/widgets/manual-claim/testUtils';

type State = { bookingReference: string; email: string; details: { JourneyPlannerResults: unknown } };
const states = bookings as unknown as Record<string, State>;
/** A handler answering POSTs to `path` with `status` and `body` (`once`: one request). */
const answer = (path: string, status: number, body: string | null = null, options?: { once: boolean }) =>
  route('post', path, () => new HttpResponse(body, { status }), options);
/** Answers POSTs to `path` with `status` and `body`. */
const reply = (path: string, status: number, body: string | null = null) => server.use(answer(path, status, body));
/** Drops the next POST to `path` (no answer). */
const droppedOnce = (path: string) => route('post', path, () => HttpResponse.error(), { once: true });
const SUPPORT = 'support@example.co.uk';
// Each chosen file is read and digested (SHA-256) before dropzone accepts it, asynchronously:
// give findBy/waitFor more than the default 1 s on a busy machine.
configure({ asyncUtilTimeout: 3000 });

let resizeWidths: (number | null)[];

/** Dropzone's canvas resize (absent in jsdom) as a spy that records the width and hands on `result(file)`. */
function mockResize(result: (file: DropzoneFile) => Blob = resizedCopy) {
  (Dropzone.prototype.resizeImage as jest.Mock).mockImplementation(function resize(
    file: DropzoneFile,
    width: number | null,
    _h: number | null,
    _m: string,
    callback: (blob: Blob) => void,
  ) {
    resizeWidths.push(width);
    callback(result(file));
  });
}

beforeEach(() => {
  localStorage.clear();
  configureClient({ timeouts: { get: 100, post: 100 }, retry: { retries: 0, baseDelayMs: 1 } });
  FakeUploads.install();
  resizeWidths = [];
  jest.spyOn(Dropzone.prototype, 'resizeImage');
  mockResize();
});

/**
 * Every widget mounted by a test is unmounted after it: a file's checks run asynchronously, and
 * a widget left mounted could otherwise send its upload during the next test.
 */
const mounted: (() => void)[] = [];

afterEach(() => {
  act(() => mounted.splice(0).forEach((unmount) => unmount()));
  jest.restoreAllMocks();
});

function mountState(name: string, extra: { search?: string; attrs?: Record<string, string>; details?: unknown } = {}) {
  const state = states[name];
  const page = mountOnHostPage(mount, {
    mountId: 'manual-claim-widget',
    details: 'details' in extra ? extra.details : state.details,
    stations,
    search: extra.search ?? '',
    attrs: { 'journey-id': '700110', 'support-email': SUPPORT, ...extra.attrs },
  });
  mounted.push(page.unmount);
  return page;
}

/** Waits for the lazily loaded upload area; returns the file input. */
async function fileInput(): Promise<HTMLInputElement> {
  return (await screen.findByLabelText(texts.uploadLabel, {}, { timeout: 5000 })) as HTMLInputElement;
}

/** Answers the next pending upload. */
async function answerNext(status: number, body: string, contentType = 'application/json'): Promise<void> {
  await waitFor(() => expect(FakeUploads.pending().length).toBeGreaterThan(0));
  await FakeUploads.pending()[0].respond(status, body, contentType);
}

/** Uploads `files` and answers each with an id `up_<n>`; returns the ids. */
async function uploadAll(files: File[], user = userEvent.setup()): Promise<string[]> {
  const before = FakeUploads.requests.length;
  await user.upload(await fileInput(), files);
  const ids: string[] = [];
  for (let i = 0; i < files.length; i += 1) {
    const id = `up_${before + i + 1}`;
    await answerNext(200, JSON.stringify(id));
    ids.push(id);
  }
  await waitFor(() => expect(screen.getAllByText(texts.statusUploaded)).toHaveLength(ids.length));
  return ids;
}

const submitButton = () => screen.getByRole('button', { name: texts.submit });
const claimPosts = () => sent('POST', '/tickets/submit-claim');
/** The JSON body of the claim POST at `index`. */
const claimBody = async (index: number) =>
  JSON.parse((await sentRequests('POST', '/tickets/submit-claim'))[index].body);
/** The POSTs other than uploads: deletes and submit-claim. */
const otherPosts = () => sent('POST').filter((r) => r.url !== '/tickets/upload');

describe('evidence screen', () => {
  it('shows the title with the reference, steps, examples, expected tickets, journey and the note', async () => {
    const { element } = mountState('printed');
    await fileInput();
    expect(screen.getByRole('heading', { name: 'Further evidence required', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Booking reference: LBG7WK2F', { selector: '.rw-manual-claim__reference' })).toBeVisible();
    const steps = element.querySelector('ol.rw-manual-claim__steps') as HTMLElement;
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([...texts.steps]);
    expect(texts.steps.map((step) => step.split(' ')[0])).toEqual(['Photograph', 'Cut', 'Photograph']);
    expect(screen.getByRole('img', { name: texts.exampleBeforeAlt })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: texts.exampleAfterAlt })).toBeInTheDocument();
    expect(screen.getByText(/^Only high-resolution images \(about 1 MB or more\) are accepted\./)).toBeInTheDocument();
    const tickets = screen.getByRole('region', { name: texts.ticketsHeading });
    expect(within(tickets).getByText('2 × Off-Peak Return')).toBeInTheDocument();
    expect(within(tickets).getByText('£51.20 each')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Selected Journey: London Kings Cross to York' })).toBeInTheDocument();
    expect(screen.queryByLabelText(texts.replacementLabel)).not.toBeInTheDocument();
    expect(screen.queryByText(texts.disruptionNote)).not.toBeInTheDocument();
    expect(element.innerHTML).toMatchSnapshot();
  });

  it('has a real, labelled file input for jpeg, png and gif, described by the limits', async () => {
    mountState('printed');
    const input = await fileInput();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('multiple');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif');
    expect(input).toHaveAccessibleDescription(texts.uploadHint);
    expect(document.querySelector('.dz-hidden-input')).toBeNull();
  });

  it('shows Missing JSON data from DOM without Details, and a clear message without a journey id', () => {
    // Each set-up error is told to the developer's console: asserted here, not printed.
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { element } = mountState('printed', { details: null });
    expect(element).toHaveTextContent('Missing JSON data from DOM');
    const details = JSON.parse(JSON.stringify(states.printed.details));
    delete details.JourneyPlannerResults.outboundJourneys[0].journeyID;
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const second = mountState('printed', { details, attrs: { 'journey-id': '' } });
    expect(second.element).toHaveTextContent('missing or invalid data-journey-id');
    expect(logged.mock.calls.map(([message]) => String(message))).toEqual([
      expect.stringContaining('No element with id "refund-details" on the page'),
      expect.stringContaining('The mount has no data-journey-id attribute and the Details have no outbound journey'),
    ]);
  });

  it('takes the journey id from data-journey-id, else from the first outbound journey', () => {
    mountState('printed', { attrs: { 'journey-id': 'J-42' } });
    const element = document.getElementById('manual-claim-widget') as HTMLElement;
    expect(readManualClaimConfig(element, document, '').journeyId).toBe('J-42');
    element.removeAttribute('data-journey-id');
    expect(readManualClaimConfig(element, document, '').journeyId).toBe('700110');
  });
});

describe('uploads', () => {
  it('uploads each image once, resized to 1200 px wide, with the Journey-Id header, then enables Submit', async () => {
    mountState('printed');
    const user = userEvent.setup();
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAccessibleDescription(texts.needOneImage);
    await user.upload(await fileInput(), photos(2));
    // One at a time: the second waits for the first's answer.
    await waitFor(() => expect(FakeUploads.requests).toHaveLength(1));
    expect(screen.getAllByText(texts.statusUploading)).toHaveLength(1);
    expect(screen.getAllByText(texts.statusWaiting)).toHaveLength(1);
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAccessibleDescription(texts.waitForUploads);
    // JSON string and plain text answers are both upload ids (docs/architecture.md).
    await FakeUploads.requests[0].respond(200, '"up_a"');
    expect(submitButton()).toBeDisabled();
    await waitFor(() => expect(FakeUploads.requests).toHaveLength(2));
    await FakeUploads.requests[1].respond(200, 'up_b', 'text/plain');
    for (const upload of FakeUploads.requests) {
      expect(upload.method).toBe('POST');
      expect(upload.url).toBe('/tickets/upload');
      expect(upload.headers['Journey-Id']).toBe('700110');
      expect(upload.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(FakeUploads.requests.map((upload) => upload.fileName)).toEqual(['photo-1.png', 'photo-2.png']);
    // Each photo has its own key.
    expect(FakeUploads.requests[0].headers['Idempotency-Key']).not.toBe(
      FakeUploads.requests[1].headers['Idempotency-Key'],
    );
    expect(resizeWidths).toEqual([1200, 1200]);
    await waitFor(() => expect(screen.getAllByText(texts.statusUploaded)).toHaveLength(2));
    expect(submitButton()).toBeEnabled();
    expect(submitButton()).not.toHaveAccessibleDescription();
    expect(screen.getByText('photo-2.png uploaded.')).toBeInTheDocument();
  });

  it('accepts an answer object with id', async () => {
    mountState('printed');
    const user = userEvent.setup();
    await user.upload(await fileInput(), photos(1));
    await answerNext(200, '{"id":"up_obj"}');
    reply('/tickets/submit-claim', 200);
    await screen.findByText(texts.statusUploaded);
    await user.click(submitButton());
    await waitFor(() => expect(claimPosts()).toHaveLength(1));
    expect((await claimBody(0)).Images).toEqual(['up_obj']);
  });

  it('refuses a file of the wrong type without a request', async () => {
    mountState('printed');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await fileInput(), [fileOf('notes.txt', 'text/plain')]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(texts.refusedHeading);
    expect(within(alert).getByText('notes.txt: The selected file must be a JPG, PNG or GIF')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(FakeUploads.requests).toHaveLength(0);
    expect(submitButton()).toBeDisabled();
  });

  it('refuses a file over 10 MB without a request', async () => {
    mountState('printed');
    const user = userEvent.setup();
    await user.upload(await fileInput(), [fileOf('huge.jpg', 'image/jpeg', 11 * 1024 * 1024)]);
    expect(await screen.findByText('huge.jpg: The selected file must be smaller than 10 MB')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(FakeUploads.requests).toHaveLength(0);
  });

  it('accepts a file of exactly 10 MB (10 MiB, 10,485,760 bytes)', async () => {
    mountState('printed');
    const user = userEvent.setup();
    await user.upload(await fileInput(), [fileOf('limit.gif', 'image/gif', 10 * 1024 * 1024)]);
    await waitFor(() => expect(FakeUploads.requests).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses the same file twice with a plain message', async () => {
    mountState('printed');
    const user = userEvent.setup();
    const [photo] = photos(1);
    await uploadAll([photo], user);
    await user.upload(await fileInput(), [photo]);
    expect(await screen.findByText(`photo-1.png: ${texts.duplicate}`)).toBeInTheDocument();
    expect(FakeUploads.requests).toHaveLength(1);
  });

  it('refuses an 11th file without a request', async () => {
    mountState('printed');
    const user = userEvent.setup();
    await user.upload(await fileInput(), photos(11));
    expect(
      await screen.findByText(
        'photo-11.png: You can only add up to 10 photos – remove one to add another',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    for (let i = 0; i < 10; i += 1) await answerNext(200, JSON.stringify(`up_${i}`));
    await waitFor(() => expect(screen.getAllByText(texts.statusUploaded)).toHaveLength(10));
    expect(FakeUploads.requests).toHaveLength(10);
    expect(FakeUploads.requests.map((upload) => upload.fileName)).not.toContain('photo-11.png');
  });

  it('clears old refusals when new files are chosen', async () => {
    mountState('printed');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await fileInput(), [fileOf('notes.txt', 'text/plain')]);
    await screen.findByRole('alert');
    await user.upload(await fileInput(), photos(1));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('adds files dropped on the upload box', async () => {
    const { element } = mountState('printed');
    await fileInput();
    const zone = element.querySelector('.rw-upload__zone') as HTMLElement;
    fireEvent.drop(zone, { dataTransfer: { files: photos(2, 'dropped'), types: ['Files'] } });
    await answerNext(200, '"up_d1"');
    await waitFor(() => expect(FakeUploads.requests).toHaveLength(2));
    expect(screen.getByText('dropped-1.png')).toBeInTheDocument();
  });

  it('a 5xx shows a plain sentence, never the server text or its status, and keeps Submit disabled', async () => {
    mountState('printed');
    const user = userEvent.setup();
    await user.upload(await fileInput(), photos(2));
    await answerNext(500, '{"message":"disk full"}');
    await answerNext(503, '');
    await waitFor(() =>
      expect(screen.getAllByText('The photo could not be uploaded just now. Please try again.')).toHaveLength(2),
    );
    expect(screen.getAllByRole('button', { name: /^Try uploading photo-\d\.png again$/ })).toHaveLength(2);
    expect(screen.queryByText(/disk full|Server responded|500|503/)).not.toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it.each([
    [
      '409 duplicate, as JSON',
      409,
      '{"message":"You have already added this photo."}',
      'application/json',
      'You have already added this photo.',
    ],
    [
      '409 duplicate, as text',
      409,
      'You have already added this photo.',
      'text/plain',
      'You have already added this photo.',
    ],
    [
      '413 with a text',
      413,
      '{"message":"This photo is too large for us."}',
      'application/json',
      'This photo is too large for us.',
    ],
    ['413 without a text', 413, '', 'text/plain', 'The selected file must be smaller than 10 MB'],
    [
      "413 as a proxy's HTML page",
      413,
      '<html><head><title>413 Request Entity Too Large</title></head></html>',
      'text/html',
      'The selected file must be smaller than 10 MB',
    ],
    [
      '415 with a text',
      415,
      '{"message":"Only JPEG, PNG or GIF images are accepted."}',
      'application/json',
      'Only JPEG, PNG or GIF images are accepted.',
    ],
    ['409 without a text', 409, '', 'text/plain', 'This photo was not accepted. Remove it and choose another photo.'],
    [
      '400 with an object but no message',
      400,
      '{"errors":{"file":["required"]}}',
      'application/json',
      'This photo was not accepted. Remove it and choose another photo.',
    ],
  ])('a refusal (%s) shows %s', async (_name, status, body, contentType, text) => {
    mountState('printed');
    const user = userEvent.setup();
    await user.upload(await fileInput(), photos(1));
    await answerNext(status, body, contentType);
    const item = (await screen.findByText(text)).closest('li') as HTMLElement;
    expect(within(item).getByText('photo-1.png')).toBeInTheDocument();
    expect(item).not.toHaveTextContent(/Server responded|\d{3}|html|errors/);
    // A definite refusal: trying the same photo again would not help.
    expect(within(item).queryByRole('button', { name: /Try uploading/ })).not.toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it('a failed upload that may mend shows Try again, which sends the same photo with the same key', async () => {
    mountState('printed');
    const user = userEvent.setup();
    await user.upload(await fileInput(), photos(1));
    await answerNext(503, 'busy');
    const retry = await screen.findByRole('button', { name: 'Try uploading photo-1.png again' });
    expect(submitButton()).toBeDisabled();
    await user.click(retry);
    await answerNext(200, '"up_retried"');
    expect(await screen.findByText(texts.statusUploaded)).toBeInTheDocument();
    const [first, second] = FakeUploads.requests;
    expect(FakeUploads.requests).toHaveLength(2);
    expect(second.headers['Idempotency-Key']).toBe(first.headers['Idempotency-Key']);
    expect(second.fileName).toBe('photo-1.png');
    expect(submitButton()).toBeEnabled();
  });

  it('offline: the message says the photos are kept; a photo chosen waits, and goes by itself back online (docs/offline.md "Offline, and back")', async () => {
    mountState('printed');
    const user = userEvent.setup();
    const input = await fileInput();
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(texts.offline).toBe(
      "You're offline. Your photos are saved on this phone and will be sent when you're back online.",
    );
    expect(screen.getAllByRole('status').filter((status) => status.textContent === texts.offline)).toHaveLength(1);
    await user.upload(input, photos(2));
    await waitFor(() => expect(screen.getAllByText(texts.statusWaiting)).toHaveLength(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(FakeUploads.requests).toHaveLength(0);

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText(texts.offline)).not.toBeInTheDocument();
    // One at a time: the second goes once the first is answered.
    await waitFor(() => expect(FakeUploads.pending()).toHaveLength(1));
    expect(FakeUploads.requests).toHaveLength(1);
    await answerNext(200, '"up_1"');
    await answerNext(200, '"up_2"');
    await waitFor(() => expect(screen.getAllByText(texts.statusUploaded)).toHaveLength(2));
    expect(FakeUploads.requests.map((upload) => upload.fileName)).toEqual(['photo-1.png', 'photo-2.png']);
  });

  it('a photo that failed for want of an answer goes again by itself when the browser is back online', async () => {
    mountState('printed');
    const user = userEvent.setup();
    await user.upload(await fileInput(), photos(1));
    await waitFor(() => expect(FakeUploads.pending()).toHaveLength(1));
    await FakeUploads.pending()[0].drop();
    await screen.findByRole('button', { name: 'Try uploading photo-1.png again' });
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await answerNext(200, '"up_again"');
    expect(await screen.findByText(texts.statusUploaded)).toBeInTheDocument();
    const [first, second] = FakeUploads.requests;
    expect(second.headers['Idempotency-Key']).toBe(first.headers['Idempotency-Key']);
  });

  it('a definite refusal (409) shows the server text and no Try again; Remove frees the place', async () => {
    mountState('printed');
    const user = userEvent.setup();
    await user.upload(await fileInput(), photos(1));
    await answerNext(409, 'You have already added this photo.', 'text/plain');
    expect(await screen.findByText('You have already added this photo.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Try uploading/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove photo-1.png' }));
    await waitFor(() => expect(screen.queryByText('photo-1.png')).not.toBeInTheDocument());
    // Nothing was uploaded, so nothing is deleted.
    expect(otherPosts()).toHaveLength(0);
  });

  it('treats an answer without an id as a failed upload', async () => {
    mountState('printed');
    const user = userEvent.setup();
    await user.upload(await fileInput(), photos(1));
    await answerNext(200, '{}');
    expect(await screen.findByText(texts.unreadableUpload)).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it('removing an uploaded file POSTs delete and leaves it out of the claim', async () => {
    mountState('printed');
    const user = userEvent.setup();
    const ids = await uploadAll(photos(2), user);
    reply(`/tickets/delete/${ids[0]}`, 204);
    reply('/tickets/submit-claim', 200, '{}');
    await user.click(screen.getByRole('button', { name: 'Remove photo-1.png' }));
    await waitFor(() => expect(screen.queryByText('photo-1.png')).not.toBeInTheDocument());
    expect(otherPosts().map((r) => r.url)).toEqual([`/tickets/delete/${ids[0]}`]);
    expect(otherPosts()[0].hasBody).toBe(false);
    expect(screen.getByText('photo-1.png removed.')).toBeInTheDocument();
    await user.click(submitButton());
    await waitFor(() => expect(claimPosts()).toHaveLength(1));
    expect(await claimBody(0)).toEqual({ Ctr: 'LBG7WK2F', Images: [ids[1]] });
  });

  it('a failed delete keeps the file listed with a retry', async () => {
    mountState('printed');
    const user = userEvent.setup();
    const [id] = await uploadAll(photos(1), user);
    server.use(
      answer(`/tickets/delete/${id}`, 500, 'nope', { once: true }),
      answer(`/tickets/delete/${id}`, 200, null, { once: true }),
    );
    await user.click(screen.getByRole('button', { name: 'Remove photo-1.png' }));
    const retry = await screen.findByRole('button', { name: 'Try removing photo-1.png again' });
    expect(screen.getAllByText(texts.removeFailed).length).toBeGreaterThan(0);
    expect(screen.getByText('photo-1.png')).toBeInTheDocument();
    await user.click(retry);
    await waitFor(() => expect(screen.queryByText('photo-1.png')).not.toBeInTheDocument());
    expect(otherPosts()).toHaveLength(2);
    expect(submitButton()).toBeDisabled();
  });

  it('removing a file that is still uploading cancels it without a delete', async () => {
    mountState('printed');
    const user = userEvent.setup();
    await user.upload(await fileInput(), photos(1));
    await waitFor(() => expect(FakeUploads.requests).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Remove photo-1.png' }));
    expect(FakeUploads.requests[0].aborted).toBe(true);
    expect(screen.queryByText('photo-1.png')).not.toBeInTheDocument();
    expect(otherPosts()).toHaveLength(0);
    expect(submitButton()).toBeDisabled();
  });
});

describe('the introduction fits how the traveller came (docs/uploads.md "What the traveller reads")', () => {
  const PRINTED =
    'Your booking has printed tickets. To claim a refund, send us photos of the tickets before and after cutting them in half.';
  const PART_JOURNEY =
    'Your replacement journey covers only part of this journey, so we check this refund by hand. Send us photos of the unused tickets for the part you did not travel, before and after cutting them in half.';
  const REFERENCE =
    'Enter the booking reference of your replacement journey below, so that we can see which part of the journey it replaces.';

  it.each(['', 'PartJourney=false', 'PartJourney=1', 'PartJourney=', 'PartJourneys=true', 'Disruption=true'])(
    'printed tickets keep the printed-ticket introduction (query "%s")',
    async (search) => {
      mountState('printed', { search });
      await fileInput();
      expect(screen.getByText(PRINTED)).toBeInTheDocument();
      expect(screen.queryByText(PART_JOURNEY)).not.toBeInTheDocument();
      expect(screen.queryByText(REFERENCE)).not.toBeInTheDocument();
    },
  );

  it.each(['PartJourney=true', 'partjourney=TRUE', 'BookingReference=LBG7WK2F&PartJourney=True&PartJourney=false'])(
    "the part-journey link's flag (%s) explains what evidence a part journey needs, and never says printed tickets",
    async (search) => {
      const { element } = mountState('printed', { search });
      await fileInput();
      expect(screen.getByText(PART_JOURNEY)).toBeInTheDocument();
      expect(element).not.toHaveTextContent('printed tickets');
      // No replacement reference field for this fare (docs/product-rules.md section 2), so it is not asked for.
      expect(screen.queryByText(REFERENCE)).not.toBeInTheDocument();
      // The steps and the high-resolution sentence stay (docs/product-rules.md section 2).
      expect(
        screen.getByText(/^Only high-resolution images \(about 1 MB or more\) are accepted\./),
      ).toBeInTheDocument();
    },
  );

  it('for an advance fare, the part-journey introduction asks for the replacement booking reference', async () => {
    mountState('printed-advance', { search: 'PartJourney=true' });
    await fileInput();
    expect(screen.getByText(PART_JOURNEY)).toBeInTheDocument();
    expect(screen.getByText(REFERENCE)).toBeInTheDocument();
    expect(screen.getByLabelText(texts.replacementLabel)).toBeInTheDocument();
  });

  it('says that photos are made smaller before sending, after the exact "about 1 MB or more" sentence', async () => {
    const { element } = mountState('printed');
    await fileInput();
    const notes = Array.from(element.querySelectorAll('.rw-manual-claim__note'), (note) => note.textContent);
    expect(notes).toEqual([
      'Only high-resolution images (about 1 MB or more) are accepted. Take each photo in good light, with the whole ticket in view.',
      'Take your photos at full size: before sending them, we make each one smaller (at most 1200 pixels wide) so that it uploads quickly.',
    ]);
  });

  it('the upload hint gives the limits in MB, and no traveller text says MiB or e-mail', async () => {
    const { element } = mountState('printed');
    const input = await fileInput();
    expect(input).toHaveAccessibleDescription(
      'JPG, PNG or GIF, smaller than 10 MB each, and up to 10 photos. You can also drag photos into this box.',
    );
    expect(element).not.toHaveTextContent(/MiB|e-mail/i);
    const written = JSON.stringify([texts, UPLOAD_DICT, REFUSAL], (_key, value: unknown) =>
      typeof value === 'function' ? String(value) : value,
    );
    expect(written).not.toMatch(/MiB|e-mail|\{\{/i);
  });
});

describe('after Remove (docs/uploads.md "What the traveller reads")', () => {
  /** The upload area's status line. */
  const statusLine = (element: HTMLElement) => element.querySelector('.rw-upload__announcement') as HTMLElement;

  it("focus goes to the photo list's heading, and the status line says which photo was removed", async () => {
    const { element } = mountState('printed');
    const user = userEvent.setup();
    const ids = await uploadAll(photos(2), user);
    for (const id of ids) reply(`/tickets/delete/${id}`, 204);
    const heading = screen.getByRole('heading', { name: 'Your photos', level: 4 });
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('list', { name: 'Your photos' })).toBeInTheDocument();
    expect(statusLine(element)).toHaveAttribute('role', 'status');

    await user.click(screen.getByRole('button', { name: 'Remove photo-1.png' }));
    await waitFor(() => expect(screen.queryByText('photo-1.png')).not.toBeInTheDocument());
    expect(heading).toHaveFocus();
    expect(statusLine(element)).toHaveTextContent(/^photo-1\.png removed\.$/);

    // The last photo: the heading stays, to hold focus, and says the list is empty.
    await user.click(screen.getByRole('button', { name: 'Remove photo-2.png' }));
    await waitFor(() => expect(screen.queryByText('photo-2.png')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Your photos' })).toHaveFocus();
    expect(statusLine(element)).toHaveTextContent(/^photo-2\.png removed\.$/);
    expect(screen.getByText('You have not added any photos.')).toBeInTheDocument();
  });

  it('a removal that failed leaves focus on the heading, and the status line says what to do', async () => {
    const { element } = mountState('printed');
    const user = userEvent.setup();
    const [id] = await uploadAll(photos(1), user);
    reply(`/tickets/delete/${id}`, 500, 'nope');
    await user.click(screen.getByRole('button', { name: 'Remove photo-1.png' }));
    await screen.findByRole('button', { name: 'Try removing photo-1.png again' });
    expect(screen.getByRole('heading', { name: 'Your photos' })).toHaveFocus();
    expect(statusLine(element)).toHaveTextContent(/^We could not remove this photo\. Please try again\.$/);
  });

  it('hides the file input\'s "No file chosen" with a class while photos are listed, never an inline style', async () => {
    const { element } = mountState('printed');
    const user = userEvent.setup();
    const input = await fileInput();
    expect(input).not.toHaveClass('rw-upload__input--listed');
    const [id] = await uploadAll(photos(1), user);
    expect(input).toHaveClass('rw-upload__input--listed');
    // Still the labelled, keyboard-operable native input.
    expect(input).toBeVisible();
    expect(input).toBeEnabled();
    expect(input).toHaveAttribute('type', 'file');
    reply(`/tickets/delete/${id}`, 204);
    await user.click(screen.getByRole('button', { name: 'Remove photo-1.png' }));
    await waitFor(() => expect(input).not.toHaveClass('rw-upload__input--listed'));
    expect(element.querySelector('[style]')).toBeNull();
  });
});

/** Waits long enough for any upload a refused file might have started; then none must have. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

describe('duplicates by content (SHA-256 of the bytes, docs/decisions.md "Duplicate photos")', () => {
  const bytesOf = async (file: File): Promise<Uint8Array<ArrayBuffer>> => new Uint8Array(await file.arrayBuffer());

  /** Uploads photo-1.png and presses Remove, its delete answered with `status`; returns its bytes. */
  async function uploadThenRemove(
    user: ReturnType<typeof userEvent.setup>,
    status: number,
  ): Promise<Uint8Array<ArrayBuffer>> {
    const [photo] = photos(1);
    const [id] = await uploadAll([photo], user);
    reply(`/tickets/delete/${id}`, status, status >= 400 ? 'nope' : null);
    await user.click(screen.getByRole('button', { name: 'Remove photo-1.png' }));
    // The delete's answer updates the list: let it land inside act().
    await settle();
    return bytesOf(photo);
  }

  it('refuses the same bytes chosen again under another name and modification time, sending nothing', async () => {
    mountState('printed');
    const user = userEvent.setup();
    const [photo] = photos(1);
    await uploadAll([photo], user);
    const again = new File([await bytesOf(photo)], 'IMG_0001 (1).png', {
      type: 'image/png',
      lastModified: 1_800_000_000_000,
    });
    await user.upload(await fileInput(), [again]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('IMG_0001 (1).png: You have already added this photo.')).toBeInTheDocument();
    await settle();
    expect(FakeUploads.requests).toHaveLength(1);
    expect(screen.getAllByText(texts.statusUploaded)).toHaveLength(1);
  });

  it('of two copies chosen together, the second is refused and one request goes out', async () => {
    mountState('printed');
    const user = userEvent.setup();
    const [photo] = photos(1);
    const copy = new File([await bytesOf(photo)], 'copy.png', { type: 'image/png', lastModified: 1 });
    await user.upload(await fileInput(), [photo, copy]);
    expect(await screen.findByText(`copy.png: ${texts.duplicate}`)).toBeInTheDocument();
    await settle();
    expect(FakeUploads.requests).toHaveLength(1);
    expect(FakeUploads.requests[0].fileName).toBe('photo-1.png');
  });

  it('uploads two different photos that share a name, size and modification time', async () => {
    mountState('printed');
    const user = userEvent.setup();
    const first = fileOf('IMG_0001.png', 'image/png', 4096, 1_700_000_000_000, { fill: 1 });
    const second = fileOf('IMG_0001.png', 'image/png', 4096, 1_700_000_000_000, { fill: 2 });
    await uploadAll([first, second], user);
    expect(FakeUploads.requests).toHaveLength(2);
    expect(screen.getAllByText(texts.statusUploaded)).toHaveLength(2);
    expect(screen.queryByText(new RegExp(texts.duplicate))).not.toBeInTheDocument();
  });

  it('deleting a photo frees its digest: the same photo can be added again', async () => {
    mountState('printed');
    const user = userEvent.setup();
    const bytes = await uploadThenRemove(user, 204);
    await waitFor(() => expect(screen.queryByText(texts.statusUploaded)).not.toBeInTheDocument());
    const again = new File([bytes], 'photo-1 again.png', { type: 'image/png', lastModified: 5 });
    await uploadAll([again], user);
    expect(FakeUploads.requests).toHaveLength(2);
    expect(screen.queryByText(new RegExp(texts.duplicate))).not.toBeInTheDocument();
  });

  it('a photo whose removal failed still counts: choosing it again is refused', async () => {
    mountState('printed');
    const user = userEvent.setup();
    const bytes = await uploadThenRemove(user, 500);
    await screen.findByRole('button', { name: 'Try removing photo-1.png again' });
    await user.upload(await fileInput(), [new File([bytes], 'again.png', { type: 'image/png' })]);
    expect(await screen.findByText(`again.png: ${texts.duplicate}`)).toBeInTheDocument();
    await settle();
    expect(FakeUploads.requests).toHaveLength(1);
  });
});

describe('photo checks before any request or decoding (docs/product-rules.md section 9, docs/uploads.md)', () => {
  it('refuses a photo over 40 megapixels from its header, never resizing or sending it', async () => {
    mountState('printed');
    const user = userEvent.setup();
    await user.upload(await fileInput(), [
      fileOf('huge-pixels.png', 'image/png', 4096, 1, { width: 30000, height: 30000 }),
      fileOf('over.jpg', 'image/jpeg', 4096, 1, { width: 6325, height: 6325 }),
    ]);
    expect(
      await screen.findByText(
        'huge-pixels.png: This photo is 30000 × 30000 pixels, more than we can handle. Please choose a photo of at most 40 megapixels, for example 8000 × 5000 pixels.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText(`over.jpg: ${texts.tooManyPixels(6325, 6325)}`)).toBeInTheDocument();
    await settle();
    expect(resizeWidths).toEqual([]);
    expect(FakeUploads.requests).toHaveLength(0);
  });

  it('accepts exactly 40 megapixels (8000 × 5000)', async () => {
    mountState('printed');
    const user = userEvent.setup();
    await user.upload(await fileInput(), [fileOf('limit.jpg', 'image/jpeg', 4096, 1, { width: 8000, height: 5000 })]);
    await waitFor(() => expect(FakeUploads.requests).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['a near-miss JPEG header (FF D8 00)', [0xff, 0xd8, 0x00, 0xe0], 'image/jpeg', 'near.jpg'],
    ['a PNG name over other bytes', [0x3c, 0x68, 0x74, 0x6d, 0x6c, 0x3e], 'image/png', 'page.png'],
    ['half a GIF signature', [0x47, 0x49, 0x46, 0x38], 'image/gif', 'half.gif'],
  ])('refuses %s as a type it cannot upload', async (_name, head, type, name) => {
    mountState('printed');
    const user = userEvent.setup();
    const bytes = new Uint8Array(4096);
    bytes.set(head);
    await user.upload(await fileInput(), [new File([bytes], name, { type })]);
    expect(await screen.findByText(`${name}: The selected file must be a JPG, PNG or GIF`)).toBeInTheDocument();
    await settle();
    expect(FakeUploads.requests).toHaveLength(0);
  });

  it('refuses a photo whose header cannot be read', async () => {
    mountState('printed');
    const user = userEvent.setup();
    const bytes = new Uint8Array(4096);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x58, 0x58, 0x58, 0x58]);
    await user.upload(await fileInput(), [new File([bytes], 'broken.png', { type: 'image/png' })]);
    expect(await screen.findByText(`broken.png: ${texts.photoUnreadable}`)).toBeInTheDocument();
    await settle();
    expect(FakeUploads.requests).toHaveLength(0);
  });

  it('refuses a photo the browser cannot decode (createImageBitmap rejects) before resizing or sending it', async () => {
    const decode = jest.fn().mockRejectedValue(new DOMException('The source image could not be decoded.'));
    Object.defineProperty(globalThis, 'createImageBitmap', { configurable: true, writable: true, value: decode });
    try {
      mountState('printed');
      const user = userEvent.setup();
      await user.upload(await fileInput(), photos(1));
      expect(await screen.findByText(`photo-1.png: ${texts.photoUnreadable}`)).toBeInTheDocument();
      await settle();
      expect(decode).toHaveBeenCalledTimes(1);
      expect(resizeWidths).toEqual([]);
      expect(FakeUploads.requests).toHaveLength(0);
    } finally {
      delete (globalThis as { createImageBitmap?: unknown }).createImageBitmap;
    }
  });

  it.each([
    ['hands back the original (it could not decode it)', (file: Blob) => file],
    ['hands back an empty image (the canvas was too big)', () => new Blob([], { type: 'image/png' })],
  ])('refuses a photo when the resize %s, never sending the original', async (_name, result) => {
    mockResize(result);
    mountState('printed');
    const user = userEvent.setup();
    await user.upload(await fileInput(), photos(1));
    expect(await screen.findByText(`photo-1.png: ${texts.photoUnreadable}`)).toBeInTheDocument();
    await settle();
    expect(resizeWidths).toEqual([1200]);
    expect(FakeUploads.requests).toHaveLength(0);
    expect(submitButton()).toBeDisabled();
    // The refused photo does not count: a good one is uploaded after it.
    mockResize();
    await uploadAll(photos(1, 'good'));
    expect(FakeUploads.requests).toHaveLength(1);
    expect(resizeWidths).toEqual([1200, 1200]);
  });
});

describe('submit', () => {
  it('"Start again" leads to data-start-url; an unsafe one is refused with the set-up message', async () => {
    mountState('printed', { attrs: { 'start-url': '/claims/start' } });
    const user = userEvent.setup();
    await uploadAll(photos(1), user);
    reply('/tickets/submit-claim', 200, '{}');
    await user.click(submitButton());
    await screen.findByRole('heading', { name: 'Claim submitted' });
    expect(screen.getByRole('link', { name: texts.startAgain })).toHaveAttribute('href', '/claims/start');

    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { element } = mountState('printed', { attrs: { 'start-url': '/\\evil.example' } });
    expect(element).toHaveTextContent(
      'This claim page is set up incorrectly (invalid data-start-url). Please try again later.',
    );
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('data-start-url "/\\evil.example" refused'));
  });

  it('sends one submit-claim with an Idempotency-Key however often pressed, then Claim submitted', async () => {
    const { element } = mountState('printed');
    const completions: unknown[] = [];
    element.addEventListener('refundwidgets:complete', (e) => completions.push((e as CustomEvent).detail));
    const user = userEvent.setup();
    const ids = await uploadAll(photos(3), user);
    // The answer is held while the test looks at the page: no timeout ends it first.
    configureClient({ timeouts: { post: 30_000 } });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      route('post', '/tickets/submit-claim', async () => {
        await held;
        return HttpResponse.text('{}');
      }),
    );
    const button = submitButton();
    act(() => {
      button.click();
      button.click();
      button.click();
    });
    await waitFor(() => expect(claimPosts()).toHaveLength(1));
    expect(screen.getByText(texts.submitting)).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    expect(await fileInput()).toBeDisabled();
    // The answer arrives a minute before midnight on 31 December, London time.
    const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-12-31T23:59:00Z'));
    act(() => release());
    const heading = await screen.findByRole('heading', { name: 'Claim submitted' });
    clock.mockRestore();
    expect(heading).toHaveFocus();
    expect(heading).toHaveAccessibleDescription('Claim submitted on 31/12/2026 at 23:59 (UK time).');
    expect(screen.getByRole('link', { name: texts.startAgain })).toHaveAttribute('href', '/');
    expect(claimPosts()).toHaveLength(1);
    expect(claimPosts()[0].headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await claimBody(0)).toEqual({ Ctr: 'LBG7WK2F', Images: ids });
    expect(completions).toEqual([{ kind: 'claim', bookingReference: 'LBG7WK2F' }]);
    expect(element.innerHTML).toMatchSnapshot();
  });

  it("a submitted claim forgets the journey's saved disruption answers (storage that forgets)", async () => {
    mountState('printed');
    const key = answersKey('LBG7WK2F', '700110'); // the page's data-journey-id
    localStorage.setItem(key, JSON.stringify({ answer: 'Yes', savedAt: new Date().toISOString() }));
    const user = userEvent.setup();
    await uploadAll(photos(1), user);
    reply('/tickets/submit-claim', 200, '{}');
    expect(localStorage.getItem(key)).not.toBeNull();
    await user.click(submitButton());
    await screen.findByRole('heading', { name: 'Claim submitted' });
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('a failure shows Something went wrong with the email instructions; Try again reuses the key', async () => {
    mountState('printed');
    const user = userEvent.setup();
    const ids = await uploadAll(photos(1), user);
    server.use(
      route('post', '/tickets/submit-claim', () => HttpResponse.json({ message: 'down' }, { status: 500 }), {
        once: true,
      }),
      answer('/tickets/submit-claim', 200, null, { once: true }),
    );
    await user.click(submitButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(alert).toHaveTextContent(texts.failedBody(SUPPORT, 'LBG7WK2F'));
    const link = within(alert).getByRole('link', { name: texts.emailSupport });
    const href = link.getAttribute('href') as string;
    expect(href.startsWith(`mailto:${SUPPORT}?`)).toBe(true);
    const query = new URLSearchParams(href.split('?')[1]);
    expect(query.get('subject')).toBe('Manual refund claim for booking LBG7WK2F');
    expect(query.get('body')).toContain('Booking reference: LBG7WK2F');
    // The claim is frozen after the first press: nothing can be removed or added.
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    expect(await fileInput()).toBeDisabled();
    expect(alert.outerHTML).toMatchSnapshot();
    await user.click(within(alert).getByRole('button', { name: texts.tryAgain }));
    await screen.findByRole('heading', { name: 'Claim submitted' });
    expect(claimPosts()).toHaveLength(2);
    expect(claimPosts()[1].headers.get('Idempotency-Key')).toBe(claimPosts()[0].headers.get('Idempotency-Key'));
    expect(await claimBody(1)).toEqual({ Ctr: 'LBG7WK2F', Images: ids });
  });

  it('a claim whose answer was lost: the key is kept with the claim, then forgotten once it is answered', async () => {
    mountState('printed');
    const user = userEvent.setup();
    const ids = await uploadAll(photos(1), user);
    server.use(droppedOnce('/tickets/submit-claim'), answer('/tickets/submit-claim', 200, null, { once: true }));
    await user.click(submitButton());
    await screen.findByRole('alert');
    const stored = JSON.parse(localStorage.getItem('rw-intent:LBG7WK2F:claim') ?? 'null') as { key: string } | null;
    expect(stored?.key).toBe(claimPosts()[0].headers.get('Idempotency-Key'));
    expect(JSON.stringify(stored)).not.toContain(ids[0]);
    await user.click(screen.getByRole('button', { name: texts.tryAgain }));
    await screen.findByRole('heading', { name: 'Claim submitted' });
    expect(claimPosts()[1].headers.get('Idempotency-Key')).toBe(stored?.key);
    expect(localStorage.getItem('rw-intent:LBG7WK2F:claim')).toBeNull();
  });

  it('after a reload with a claim pending, the page says pressing again is safe', async () => {
    localStorage.setItem(
      'rw-intent:LBG7WK2F:claim',
      JSON.stringify({ key: 'earlier-claim-key', digest: 'x'.repeat(64), savedAt: Date.now() }),
    );
    mountState('printed');
    expect(
      await screen.findByText(
        'Your earlier request may not have reached us. You can press the button again: your claim will not be sent twice.',
      ),
    ).toHaveAttribute('role', 'status');
  });

  it('a failure with no support address still tells the traveller what to do', async () => {
    mountState('printed', { attrs: { 'support-email': '' } });
    const user = userEvent.setup();
    await uploadAll(photos(1), user);
    server.use(droppedOnce('/tickets/submit-claim'));
    await user.click(submitButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(texts.failedBodyNoAddress('LBG7WK2F'));
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
  });

  it('carries the Disruption flag into the view and the claim', async () => {
    mountState('printed', { search: 'BookingReference=LBG7WK2F&Disruption=TRUE' });
    const user = userEvent.setup();
    const ids = await uploadAll(photos(1), user);
    expect(screen.getByText(texts.disruptionNote)).toBeInTheDocument();
    reply('/tickets/submit-claim', 200);
    await user.click(submitButton());
    await screen.findByRole('heading', { name: 'Claim submitted' });
    expect(await claimBody(0)).toEqual({ Ctr: 'LBG7WK2F', Images: ids, Disruption: true });
  });
});

describe('replacement reference (advance fares)', () => {
  async function ready(search = '') {
    mountState('printed-advance', { search, attrs: { 'journey-id': '700120' } });
    const user = userEvent.setup();
    const ids = await uploadAll(photos(1), user);
    reply('/tickets/submit-claim', 200);
    return { user, ids, field: screen.getByLabelText(texts.replacementLabel) as HTMLInputElement };
  }

  it('is required: an error summary takes focus and nothing is sent', async () => {
    const { user, field } = await ready();
    expect(screen.getByText('1 × Advance Single')).toBeInTheDocument();
    expect(screen.getByText('£44.50 each')).toBeInTheDocument();
    await user.click(submitButton());
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('link', { name: texts.replacementRequired })).toHaveAttribute(
      'href',
      `#${field.id}`,
    );
    expect(field.id).toMatch(/^rw-manual-claim-replacement-/);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(texts.replacementRequired));
    expect(claimPosts()).toHaveLength(0);
  });

  it('must differ from the booking reference', async () => {
    const { user, field } = await ready();
    await user.type(field, 'GWN8XT4K');
    await user.click(submitButton());
    expect(await screen.findByRole('link', { name: texts.sameReference })).toBeInTheDocument();
    expect(claimPosts()).toHaveLength(0);
  });

  it('must be a booking reference', async () => {
    const { user, field } = await ready();
    await user.type(field, 'ABC');
    await user.click(submitButton());
    expect(await screen.findByRole('link', { name: /correct format/ })).toBeInTheDocument();
    expect(claimPosts()).toHaveLength(0);
  });

  it('is sent as ReplacementCtr, trimmed', async () => {
    const { user, field, ids } = await ready();
    await user.type(field, ' KXB7HT2N ');
    await user.click(submitButton());
    await screen.findByRole('heading', { name: 'Claim submitted' });
    expect(await claimBody(0)).toEqual({ Ctr: 'GWN8XT4K', Images: ids, ReplacementCtr: 'KXB7HT2N' });
  });

  it('may be left empty under the covid override', async () => {
    const { user, ids } = await ready('covid19=true');
    expect(screen.getByText(texts.replacementHintCovid)).toBeInTheDocument();
    await user.click(submitButton());
    await screen.findByRole('heading', { name: 'Claim submitted' });
    expect(await claimBody(0)).toEqual({ Ctr: 'GWN8XT4K', Images: ids });
  });
});

describe('mount', () => {
  it('unmounting destroys the dropzone', async () => {
    const { element, unmount } = mountState('printed');
    await fileInput();
    const zone = element.querySelector('.rw-upload__zone') as HTMLElement & { dropzone?: unknown };
    expect(zone.dropzone).toBeDefined();
    unmount();
    expect(zone.dropzone).toBeUndefined();
  });
});
