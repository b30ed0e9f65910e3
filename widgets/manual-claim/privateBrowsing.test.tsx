/**
 * Nothing lost in a private window (docs/offline.md "The claim draft"): on an IndexedDB that
 * refuses any record holding a Blob, as WebKit's private windows do, a photo and its upload
 * identifier outlive a reload (the widget mounted again), and the claim names that identifier
 * without uploading the photo twice. Where the phone keeps nothing, the upload area says so
 * before a photo is added.
 */
import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import Dropzone, { type DropzoneFile } from 'dropzone';
import bookings from '../../fixtures/bookings.json';
import stations from '../../fixtures/stations.json';
import { route, sentRequests, server } from '../../test/api/server';
import { configureClient } from '../../shared/api/policy';
import { freshIndexedDb } from '../../test/indexedDb';
import { mountOnHostPage } from '../../test/hostPage';
import { FakeUploads, photos, resizedCopy } from '../../test/widgets/manual-claim/testUtils';
import { mount } from './mount';
import { texts } from './texts';

configure({ asyncUtilTimeout: 5000 });
const printed = (bookings as unknown as Record<string, { details: unknown }>).printed;

const mounted: (() => void)[] = [];
beforeEach(() => {
  localStorage.clear();
  configureClient({ timeouts: { get: 100, post: 100 }, retry: { retries: 0, baseDelayMs: 1 } });
  FakeUploads.install();
  jest.spyOn(Dropzone.prototype, 'resizeImage').mockImplementation(function resize(
    file: DropzoneFile,
    _width: number | null,
    _height: number | null,
    _method: string,
    callback: (blob: Blob) => void,
  ) {
    callback(resizedCopy(file));
  });
});
afterEach(() => {
  act(() => mounted.splice(0).forEach((unmount) => unmount()));
  jest.restoreAllMocks();
});

/** Opens the claim page of booking LBG7WK2F, journey 700110 (again: a reload). */
function openPage() {
  const page = mountOnHostPage(mount, {
    mountId: 'manual-claim-widget',
    details: printed.details,
    stations,
    attrs: { 'journey-id': '700110', 'support-email': 'support@example.co.uk' },
  });
  mounted.push(page.unmount);
}
function reload() {
  act(() => mounted.splice(0).forEach((unmount) => unmount()));
  openPage();
}
const fileInput = async () => (await screen.findByLabelText(texts.uploadLabel)) as HTMLInputElement;
const submitButton = () => screen.getByRole('button', { name: texts.submit });
const claims = () => sentRequests('POST', '/tickets/submit-claim');

describe('an IndexedDB that refuses Blobs (WebKit private windows)', () => {
  beforeEach(() => freshIndexedDb({ refuseBlobs: true }));

  it('an uploaded photo is listed after a reload, and the claim names its identifier; nothing is uploaded twice', async () => {
    openPage();
    const user = userEvent.setup();
    await user.upload(await fileInput(), photos(1));
    await waitFor(() => expect(FakeUploads.pending()).toHaveLength(1));
    await FakeUploads.pending()[0].respond(200, '"up_private"');
    await screen.findByText(texts.statusUploaded);
    // The draft is written after the answer: give IndexedDB its turn.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));

    reload();
    await screen.findByText('photo-1.png');
    expect(screen.getByText(texts.statusUploaded)).toBeInTheDocument();
    expect(screen.queryByText(texts.photosNotKept)).not.toBeInTheDocument();
    await waitFor(() => expect(submitButton()).toBeEnabled());
    server.use(route('post', '/tickets/submit-claim', () => new HttpResponse(null, { status: 200 })));
    await user.click(submitButton());
    await screen.findByText(texts.submitted);
    const posts = await claims();
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0].body)).toMatchObject({ Images: ['up_private'] });
    expect(FakeUploads.requests).toHaveLength(1);
  });

  it('a photo added offline, not yet uploaded, is uploaded once after a reload', async () => {
    openPage();
    const user = userEvent.setup();
    await user.upload(await fileInput(), photos(1));
    await waitFor(() => expect(FakeUploads.pending()).toHaveLength(1));
    await FakeUploads.pending()[0].drop();
    await screen.findByText(texts.uploadNoAnswer);
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));

    reload();
    await waitFor(() => expect(FakeUploads.pending()).toHaveLength(1));
    expect(FakeUploads.pending()[0].fileName).toBe('photo-1.png');
    expect(FakeUploads.pending()[0].headers['Idempotency-Key']).toBe(
      FakeUploads.requests[0].headers['Idempotency-Key'],
    );
    await FakeUploads.pending()[0].respond(200, '"up_after_reload"');
    await screen.findByText(texts.statusUploaded);
    expect(FakeUploads.requests).toHaveLength(2);
  });
});

describe('where the phone keeps nothing, the traveller is told before adding a photo', () => {
  it('no IndexedDB: a polite status says the photos are kept only while the page stays open', async () => {
    delete (globalThis as { indexedDB?: unknown }).indexedDB;
    openPage();
    await fileInput();
    const notice = screen.getByText(texts.photosNotKept);
    expect(notice).toHaveAttribute('role', 'status');
    expect(texts.photosNotKept).toBe(
      'Your photos are kept only while this page stays open: this browser is not saving them. If you reload or close the page, add them again.',
    );
  });

  it('an IndexedDB that refuses to open says the same; one that keeps says nothing', async () => {
    globalThis.indexedDB = {
      open: () => {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError');
      },
    } as unknown as IDBFactory;
    openPage();
    expect(await screen.findByText(texts.photosNotKept)).toHaveAttribute('role', 'status');
    reload();
    freshIndexedDb();
    reload();
    await fileInput();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByText(texts.photosNotKept)).not.toBeInTheDocument();
    expect(screen.queryByText(texts.claimNotKept)).not.toBeInTheDocument();
  });

  it('no localStorage: the claim says to keep the page open until it is submitted', async () => {
    freshIndexedDb();
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    openPage();
    expect(await screen.findByText(texts.claimNotKept)).toHaveAttribute('role', 'status');
    expect(screen.queryByText(texts.photosNotKept)).not.toBeInTheDocument();
  });
});
