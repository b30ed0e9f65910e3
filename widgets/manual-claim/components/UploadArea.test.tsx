/**
 * The upload area on its own (UploadArea.tsx; docs/uploads.md "What the traveller reads";
 * docs/product-rules.md sections 2, 5 and 7): what it renders, its texts, how it is worked with the
 * keyboard, and what it tells the widget (`onChange`) as photos are added, refused, uploaded and
 * removed. Dropzone runs for real; its canvas resize (absent in jsdom) is a spy that hands on a
 * copy; the uploads and deletes go through the one axios instance, mocked, and each upload is held
 * until the test answers it. The widget's own test (ManualClaimWidget.test.tsx) drives the same
 * area through `mount` with the claim around it.
 */
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { HttpResponse } from 'msw';
import Dropzone, { type DropzoneFile } from 'dropzone';
import { route, sent, server } from '../../../test/api/server';
import { configureClient } from '../../../shared/api/policy';
import { FakeUploads, fileOf, photos, resizedCopy } from '../../../test/widgets/manual-claim/testUtils';
import { REFUSAL, texts } from '../texts';
import type { UploadSummary } from '../types';
import { UploadArea } from './UploadArea';

// Each chosen file is read and digested (SHA-256) before dropzone accepts it, asynchronously.
configure({ asyncUtilTimeout: 3000 });

const NOTHING: UploadSummary = { uploadIds: [], busy: false };

let onChange: jest.Mock<void, [UploadSummary]>;

beforeEach(() => {
  configureClient({ timeouts: { get: 100, post: 100 }, retry: { retries: 0, baseDelayMs: 1 } });
  FakeUploads.install();
  onChange = jest.fn();
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

afterEach(() => jest.restoreAllMocks());

/** The upload area of booking LBG7WK2F, journey 700110; `locked` can be changed afterwards. */
function renderArea(locked = false) {
  const view = render(
    <UploadArea bookingReference="LBG7WK2F" journeyId="700110" locked={locked} onChange={onChange} />,
  );
  return {
    ...view,
    lock: (value: boolean) =>
      view.rerender(<UploadArea bookingReference="LBG7WK2F" journeyId="700110" locked={value} onChange={onChange} />),
  };
}

const fileInput = () => screen.getByLabelText(texts.uploadLabel) as HTMLInputElement;
const statusLine = (container: HTMLElement) => container.querySelector('.rw-upload__announcement') as HTMLElement;
/** What the area told the widget, in order. */
const told = () => onChange.mock.calls.map(([summary]) => summary);

/** Answers the next upload held by the fake server. */
async function answerNext(status: number, body: string): Promise<void> {
  await waitFor(() => expect(FakeUploads.pending().length).toBeGreaterThan(0));
  await FakeUploads.pending()[0].respond(status, body);
}

/** Chooses `files` and answers each upload with the id `up_<n>`; returns once all show Uploaded. */
async function uploadAll(user: ReturnType<typeof userEvent.setup>, files: File[]): Promise<string[]> {
  await user.upload(fileInput(), files);
  const ids: string[] = [];
  for (let i = 0; i < files.length; i += 1) {
    const id = `up_${i + 1}`;
    await answerNext(200, JSON.stringify(id));
    ids.push(id);
  }
  await waitFor(() => expect(screen.getAllByText(texts.statusUploaded)).toHaveLength(files.length));
  return ids;
}

describe('what it renders', () => {
  it('a labelled, described, multiple file input for JPG, PNG and GIF, and no list yet', () => {
    const { container } = renderArea();
    const input = fileInput();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('multiple');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif');
    expect(input).toBeEnabled();
    expect(input).toHaveAccessibleName('Choose photos of your tickets');
    expect(input).toHaveAccessibleDescription(
      'JPG, PNG or GIF, smaller than 10 MB each, and up to 10 photos. You can also drag photos into this box.',
    );
    expect(input).not.toHaveClass('rw-upload__input--listed');
    // The status line is there from the start (a live region added later may not be read), empty.
    expect(statusLine(container)).toHaveAttribute('role', 'status');
    expect(statusLine(container)).toBeEmptyDOMElement();
    expect(screen.queryByRole('heading', { name: texts.uploadsHeading })).not.toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(texts.noPhotos)).not.toBeInTheDocument();
    // Dropzone's own click target, message and previews are off: only our markup shows.
    expect(container.querySelector('.dz-message, .dz-preview')).toBeNull();
    expect(container.querySelector('[style]')).toBeNull();
  });

  it('tells the widget at once that nothing is uploaded and nothing is in progress', () => {
    renderArea();
    expect(told()).toEqual([NOTHING]);
  });
});

describe('adding photos', () => {
  it('lists each photo, uploads it with the journey id, and tells the widget busy, then its upload id', async () => {
    const user = userEvent.setup();
    const { container } = renderArea();
    await user.upload(fileInput(), photos(1));

    const list = await screen.findByRole('list', { name: 'Your photos' });
    expect(within(list).getByText('photo-1.png')).toBeInTheDocument();
    // The input is emptied after each choice, so that the same photo can be chosen again.
    expect(fileInput().value).toBe('');
    expect(fileInput().files).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 4, name: 'Your photos' })).toBeInTheDocument();
    expect(fileInput()).toHaveClass('rw-upload__input--listed');
    await waitFor(() => expect(told()).toContainEqual({ uploadIds: [], busy: true }));

    await waitFor(() => expect(FakeUploads.pending()).toHaveLength(1));
    const [upload] = FakeUploads.pending();
    expect(upload.url).toBe('/tickets/upload');
    expect(upload.headers['Journey-Id']).toBe('700110');
    expect(upload.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{64}$/);
    expect(upload.fileName).toBe('photo-1.png');
    expect(within(list).getByText(texts.statusUploading)).toBeInTheDocument();

    await upload.respond(200, JSON.stringify('up_1'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ uploadIds: ['up_1'], busy: false }));
    expect(within(list).getByText('Uploaded')).toBeInTheDocument();
    expect(statusLine(container)).toHaveTextContent(/^photo-1\.png uploaded\.$/);
    // Told only of changes: nothing, busy, the id.
    expect(told()).toEqual([NOTHING, { uploadIds: [], busy: true }, { uploadIds: ['up_1'], busy: false }]);
  });

  it('uploads several photos one at a time, in the order chosen, and tells the widget their ids in that order', async () => {
    const user = userEvent.setup();
    renderArea();
    await user.upload(fileInput(), photos(2));
    await waitFor(() => expect(FakeUploads.pending()).toHaveLength(1));
    expect(FakeUploads.pending()[0].fileName).toBe('photo-1.png');
    await answerNext(200, JSON.stringify('up_1'));
    await waitFor(() => expect(FakeUploads.requests).toHaveLength(2));
    expect(FakeUploads.requests[1].fileName).toBe('photo-2.png');
    // The first is uploaded, the second still in progress.
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ uploadIds: ['up_1'], busy: true }));
    await answerNext(200, JSON.stringify('up_2'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ uploadIds: ['up_1', 'up_2'], busy: false }));
  });

  it('a transient failure shows why with "Try again"; trying again uploads the photo with the same key', async () => {
    const user = userEvent.setup();
    renderArea();
    await user.upload(fileInput(), photos(1));
    await answerNext(503, 'Service Unavailable');
    expect(await screen.findByText(texts.uploadServerError)).toBeInTheDocument();
    // Failed: nothing uploaded, nothing in progress.
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(NOTHING));

    await user.click(screen.getByRole('button', { name: 'Try uploading photo-1.png again' }));
    await waitFor(() => expect(FakeUploads.pending()).toHaveLength(1));
    expect(FakeUploads.requests[1].headers['Idempotency-Key']).toBe(FakeUploads.requests[0].headers['Idempotency-Key']);
    await answerNext(200, JSON.stringify('up_9'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ uploadIds: ['up_9'], busy: false }));
  });
});

describe('refusing files', () => {
  /** Waits long enough for any upload a refused file might have started; then none must have. */
  const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

  it('lists a file that is no photo in an alert with the reason, sends nothing, and tells the widget nothing changed', async () => {
    const user = userEvent.setup();
    renderArea();
    await user.upload(fileInput(), new File(['not a photo at all'], 'notes.jpg', { type: 'image/jpeg' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(texts.refusedHeading)).toBeInTheDocument();
    expect(within(alert).getByRole('listitem')).toHaveTextContent(
      /^notes\.jpg: The selected file must be a JPG, PNG or GIF$/,
    );
    expect(screen.queryByRole('list', { name: 'Your photos' })).not.toBeInTheDocument();
    await settle();
    expect(FakeUploads.requests).toHaveLength(0);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(NOTHING));
  });

  it('refuses a photo over 10 MB and a photo already added, each by name, and keeps the first', async () => {
    const user = userEvent.setup();
    renderArea();
    const [id] = await uploadAll(user, [fileOf('ticket.png', 'image/png', 4096)]);
    await user.upload(fileInput(), [
      fileOf('big.png', 'image/png', 10 * 1024 * 1024 + 1),
      fileOf('ticket again.png', 'image/png', 4096, 1_800_000_000_000),
    ]);

    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(within(alert).getAllByRole('listitem')).toHaveLength(2));
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`big.png: ${REFUSAL.tooBig}`, `ticket again.png: ${texts.duplicate}`]);
    await settle();
    expect(FakeUploads.requests).toHaveLength(1);
    expect(within(screen.getByRole('list', { name: 'Your photos' })).getAllByRole('listitem')).toHaveLength(1);
    expect(onChange).toHaveBeenLastCalledWith({ uploadIds: [id], busy: false });
  });

  it('clears the refusals when more files are chosen', async () => {
    const user = userEvent.setup();
    renderArea();
    await user.upload(fileInput(), new File(['no'], 'notes.gif', { type: 'image/gif' }));
    await screen.findByRole('alert');
    await user.upload(fileInput(), photos(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Its upload goes out before the test ends (unmounting then aborts it).
    await waitFor(() => expect(FakeUploads.pending()).toHaveLength(1));
  });
});

describe('removing photos', () => {
  it('deletes an uploaded photo, tells the widget, moves focus to the list heading and says which photo went', async () => {
    const user = userEvent.setup();
    const { container } = renderArea();
    const [id] = await uploadAll(user, photos(1));
    server.use(route('post', `/tickets/delete/${id}`, () => new HttpResponse(null, { status: 204 })));
    onChange.mockClear();

    await user.click(screen.getByRole('button', { name: 'Remove photo-1.png' }));
    await waitFor(() => expect(screen.queryByText('photo-1.png')).not.toBeInTheDocument());
    expect(
      sent('POST')
        .filter((request) => request.url !== '/tickets/upload')
        .map((r) => r.url),
    ).toEqual([`/tickets/delete/${id}`]);
    // Still counted while it is removed, then gone.
    expect(told()).toEqual([{ uploadIds: [id], busy: true }, NOTHING]);
    expect(screen.getByRole('heading', { name: 'Your photos' })).toHaveFocus();
    expect(statusLine(container)).toHaveTextContent(/^photo-1\.png removed\.$/);
    expect(screen.getByText('You have not added any photos.')).toBeInTheDocument();
    expect(fileInput()).not.toHaveClass('rw-upload__input--listed');
  });

  it('a failed delete keeps the photo and its id, says so, and offers to try removing it again', async () => {
    const user = userEvent.setup();
    const { container } = renderArea();
    const [id] = await uploadAll(user, photos(1));
    server.use(
      route('post', `/tickets/delete/${id}`, () => new HttpResponse('', { status: 500 }), { once: true }),
      route('post', `/tickets/delete/${id}`, () => new HttpResponse(null, { status: 204 }), { once: true }),
    );

    await user.click(screen.getByRole('button', { name: 'Remove photo-1.png' }));
    const again = await screen.findByRole('button', { name: 'Try removing photo-1.png again' });
    expect(statusLine(container)).toHaveTextContent(/^We could not remove this photo\. Please try again\.$/);
    expect(onChange).toHaveBeenLastCalledWith({ uploadIds: [id], busy: false });

    await user.click(again);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(NOTHING));
    expect(statusLine(container)).toHaveTextContent(/^photo-1\.png removed\.$/);
  });

  it('removing a photo that is still uploading aborts its upload without a delete', async () => {
    const user = userEvent.setup();
    renderArea();
    await user.upload(fileInput(), photos(1));
    await waitFor(() => expect(FakeUploads.pending()).toHaveLength(1));
    const [upload] = FakeUploads.pending();

    await user.click(screen.getByRole('button', { name: 'Remove photo-1.png' }));
    await waitFor(() => expect(upload.aborted).toBe(true));
    expect(sent('POST').filter((request) => request.url !== '/tickets/upload')).toEqual([]);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(NOTHING));
  });
});

describe('keyboard', () => {
  it('the file input, then each photo’s Remove button, are reached with Tab and worked with Enter', async () => {
    const user = userEvent.setup();
    renderArea();
    await user.tab();
    expect(fileInput()).toHaveFocus();

    const [id] = await uploadAll(user, photos(1));
    server.use(route('post', `/tickets/delete/${id}`, () => new HttpResponse(null, { status: 204 })));
    fileInput().focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Remove photo-1.png' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(NOTHING));
    expect(screen.getByRole('heading', { name: 'Your photos' })).toHaveFocus();
    // The heading takes focus from script only: it is not in the Tab order.
    expect(screen.getByRole('heading', { name: 'Your photos' })).toHaveAttribute('tabindex', '-1');
  });
});

describe('a photo chosen or dropped before dropzone is attached (it attaches after the first paint)', () => {
  /**
   * Chooses or drops `files` in the commit that first shows the input, before the upload area's
   * effects run (dispatched as the browser does: a nested act would flush those effects first).
   */
  function Early({
    files,
    how,
    dropKept,
  }: {
    files: File[];
    how: 'choose' | 'drop';
    dropKept?: (kept: boolean) => void;
  }) {
    useLayoutEffect(() => {
      const input = screen.getByLabelText(texts.uploadLabel);
      if (how === 'choose') {
        Object.defineProperty(input, 'files', { value: files, configurable: true });
        input.dispatchEvent(new Event('change', { bubbles: true }));
      } else {
        const dropped = Object.assign(new Event('drop', { bubbles: true, cancelable: true }), {
          dataTransfer: { files, items: [], types: ['Files'] },
        });
        dropKept?.(!(input.closest('.rw-upload__zone') as HTMLElement).dispatchEvent(dropped));
      }
    }, [files, how, dropKept]);
    return null;
  }

  it('a photo chosen the moment the input appears is listed and uploaded once', async () => {
    const files = photos(1, 'early');
    render(
      <>
        <UploadArea bookingReference="LBG7WK2F" journeyId="700110" locked={false} onChange={onChange} />
        <Early files={files} how="choose" />
      </>,
    );
    expect(await screen.findByText('early-1.png')).toBeInTheDocument();
    await answerNext(200, JSON.stringify('up_early'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ uploadIds: ['up_early'], busy: false }));
    expect(FakeUploads.requests.map((upload) => upload.fileName)).toEqual(['early-1.png']);
  });

  it('a photo dropped then is taken, not opened by the browser, and uploaded', async () => {
    const dropKept = jest.fn();
    render(
      <>
        <UploadArea bookingReference="LBG7WK2F" journeyId="700110" locked={false} onChange={onChange} />
        <Early files={photos(1, 'dropped-early')} how="drop" dropKept={dropKept} />
      </>,
    );
    expect(dropKept).toHaveBeenCalledWith(true);
    expect(await screen.findByText('dropped-early-1.png')).toBeInTheDocument();
    await answerNext(200, JSON.stringify('up_dropped'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ uploadIds: ['up_dropped'], busy: false }));
  });
});

describe('dragging photos into the box', () => {
  /** Drops `files` on the drop box (the input's surrounding zone, which dropzone listens to). */
  const drop = (files: File[]) =>
    act(() => {
      const zone = fileInput().closest('.rw-upload__zone') as HTMLElement;
      fireEvent.drop(zone, { dataTransfer: { files, items: [], types: ['Files'] } });
    });

  it('adds a dropped photo like a chosen one', async () => {
    renderArea();
    drop(photos(1, 'dropped'));
    expect(await screen.findByText('dropped-1.png')).toBeInTheDocument();
    await answerNext(200, JSON.stringify('up_1'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ uploadIds: ['up_1'], busy: false }));
  });

  it('takes no drop while locked, and takes one again once unlocked', async () => {
    const { lock } = renderArea();
    lock(true);
    drop(photos(1, 'dropped'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(screen.queryByText('dropped-1.png')).not.toBeInTheDocument();
    expect(told()).toEqual([NOTHING]);

    lock(false);
    drop(photos(1, 'dropped'));
    expect(await screen.findByText('dropped-1.png')).toBeInTheDocument();
    await waitFor(() => expect(FakeUploads.pending()).toHaveLength(1));
  });
});

describe('locked (the claim is being sent, or was)', () => {
  it('disables the input and hides Remove; choosing files does nothing', async () => {
    const user = userEvent.setup();
    const { lock } = renderArea();
    await uploadAll(user, photos(1));
    lock(true);
    expect(fileInput()).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    await user.upload(fileInput(), photos(2, 'later'));
    expect(screen.queryByText('later-1.png')).not.toBeInTheDocument();

    lock(false);
    expect(fileInput()).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove photo-1.png' })).toBeInTheDocument();
  });
});
