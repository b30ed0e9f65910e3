import Dropzone, { type DropzoneFile, type DropzoneOptions } from 'dropzone';
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { sendsCredentials, startActivity } from '@rw/page-runtime';
import { antiforgeryHeaders } from '../../../shared/api/client';
import { failureText, FORBIDDEN_STATUS, RELOAD_PAGE_TEXT } from '../../../shared/errors/WidgetError';
import { deleteUpload, uploadUrl } from '../api';
import { CTEXT, UPLOAD_DICT } from '../texts';
import type { UploadSummary } from '../types';
import { canDecode, checkPhoto } from '../photoCheck';
import { parseUploadId, UPLOAD_LIMITS } from '../validation';
import './UploadArea.css';

type EntryStatus = 'waiting' | 'uploading' | 'uploaded' | 'failed' | 'removing' | 'remove-failed';

/** One file the traveller added and the upload area lists. */
interface Entry {
  key: string;
  name: string;
  status: EntryStatus;
  uploadId?: string;
  message?: string;
}

/** A file dropzone refused before any request: its name and why (docs/decisions.md "Upload refusals"). */
interface Refusal {
  key: string;
  name: string;
  message: string;
}

export interface UploadAreaProps {
  /** Sent as the `Journey-Id` header of each upload (docs/product-rules.md section 7). */
  journeyId: string;
  /** True while the claim is being submitted or after it was sent: nothing can be added or removed. */
  locked: boolean;
  /** Told the uploaded ids and whether anything is in progress after every change. */
  onChange: (summary: UploadSummary) => void;
}

/**
 * Time limit of one upload in ms: the upload widget's default of docs/product-rules.md section 9 (dropzone 6
 * itself has none, so a lost upload would spin for ever; docs/architecture.md "Timeouts").
 */
export const UPLOAD_TIMEOUT_MS = 30_000;

/** What dropzone hands to `success` in place of an `application/json` answer it could not parse. */
const DROPZONE_INVALID_JSON = 'Invalid JSON response from server.';

/** The SHA-256 digest of each accepted file's bytes (null where the browser has no `crypto.subtle`). */
const digests = new WeakMap<DropzoneFile, string | null>();

/**
 * The dropzone options of the claim (docs/product-rules.md sections 5 and 9; docs/decisions.md "Uploads" and
 * "Duplicate photos"; docs/uploads.md): jpeg, png or gif by their bytes; at most 10 MiB each
 * (checked on the original), 40 megapixels (read from the header before any decoding) and 10
 * files; a duplicate is a file whose SHA-256 digest is that of a file already listed, whatever its
 * name or modification time, and is refused with a plain message; images resized in the browser
 * to at most 1200 px wide before upload, and a file the browser cannot resize is refused, never
 * sent as the original. Every refusal sends nothing. Dropzone's own click target and previews are
 * off: the component renders a real, labelled file input and its own list. Each upload carries
 * the page's antiforgery token (`RequestVerificationToken`, read as each upload is sent) and
 * dropzone's default `X-Requested-With` (docs/security.md).
 *
 * @param journeyId the `Journey-Id` header value
 */
export function dropzoneOptions(journeyId: string): DropzoneOptions {
  // Files are checked one after another, in the order they were added: the 11th file chosen is the
  // one refused, and of two copies of one photo chosen together the second is the duplicate.
  let checks: Promise<void> = Promise.resolve();
  return {
    url: uploadUrl(),
    withCredentials: sendsCredentials(uploadUrl()),
    method: 'post',
    paramName: 'file',
    timeout: UPLOAD_TIMEOUT_MS,
    headers: { 'Journey-Id': journeyId },
    maxFilesize: UPLOAD_LIMITS.maxFilesizeMiB,
    maxFiles: UPLOAD_LIMITS.maxFiles,
    acceptedFiles: UPLOAD_LIMITS.acceptedFiles,
    resizeWidth: UPLOAD_LIMITS.resizeWidthPx,
    resizeMethod: 'contain',
    resizeQuality: UPLOAD_LIMITS.resizeQuality,
    clickable: false,
    previewsContainer: false,
    disablePreviews: true,
    createImageThumbnails: false,
    ...UPLOAD_DICT,
    accept(this: Dropzone, file: DropzoneFile, done: (error?: string) => void) {
      const run = async () => {
        const check = await checkPhoto(file);
        // Removed, or the upload area went away, while it was being checked: nothing more to do.
        if (file.status !== Dropzone.ADDED || !this.files.includes(file)) return undefined;
        if (!check.ok) return done(check.message);
        // Dropzone counted accepted files before this check began; others may have been accepted since.
        if (this.getAcceptedFiles().length >= UPLOAD_LIMITS.maxFiles) return done(UPLOAD_DICT.dictMaxFilesExceeded);
        const duplicate =
          check.digest !== null &&
          this.files.some((other) => other !== file && other.accepted === true && digests.get(other) === check.digest);
        if (duplicate) return done(CTEXT.duplicate);
        // Accepted files stay in `this.files` until removed (deleted, or a failed upload): removing one frees its digest.
        digests.set(file, check.digest);
        return done();
      };
      // One file's failure never stops the checks of the files after it.
      checks = checks.then(run).catch(() => undefined);
    },
    transformFile(this: Dropzone, file: DropzoneFile, done: (blob: Blob) => void) {
      const refuse = () => {
        file.status = Dropzone.ERROR;
        this.emit('error', file, CTEXT.photoUnreadable);
        this.emit('complete', file);
        this.processQueue();
      };
      const { resizeWidth = null, resizeHeight = null, resizeMethod = 'contain' } = this.options;
      canDecode(file).then((decodable) => {
        if (file.status === Dropzone.CANCELED) return undefined; // removed while it was being decoded
        if (!decodable) return refuse();
        return this.resizeImage(file, resizeWidth, resizeHeight, resizeMethod, (resized: Blob | DropzoneFile) => {
          // Dropzone hands back the original when the browser could not load it, and an empty
          // blob when the canvas was too big to encode: neither is sent.
          if (resized === file || !(resized instanceof Blob) || resized.size === 0) return refuse();
          return done(resized);
        });
      });
    },
  } as DropzoneOptions;
}

const STATUS_TEXT: Record<EntryStatus, string> = {
  waiting: CTEXT.statusWaiting,
  uploading: CTEXT.statusUploading,
  uploaded: CTEXT.statusUploaded,
  failed: '',
  removing: CTEXT.statusRemoving,
  'remove-failed': CTEXT.removeFailed,
};

/**
 * The claim's upload area (docs/product-rules.md sections 2, 4, 5, 7; issue "Manual claim" deliverable 3),
 * loaded lazily with dropzone. A labelled `<input type="file" multiple>` (keyboard and screen
 * readers) and a drop box feed dropzone, which checks each file (type, 10 MiB, 10 files,
 * duplicates), resizes images to 1200 px wide and POSTs each to /tickets/upload with header
 * `Journey-Id`; the answer is the upload id. Refused files are listed in an alert with the reason
 * and send no request; a failed upload shows `Server responded with {code} code.`. Removing an
 * uploaded file POSTs /tickets/delete/{uploadId} (a failure keeps it listed with a retry); nothing
 * can be added or removed while `locked`. Upload activity drives the page's progress bar.
 */
export function UploadArea({ journeyId, locked, onChange }: UploadAreaProps) {
  const zone = useRef<HTMLDivElement>(null);
  const dropzone = useRef<Dropzone | null>(null);
  const files = useRef(new Map<string, DropzoneFile>());
  const [entries, setEntries] = useState<Entry[]>([]);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const inputId = `rw-upload-input-${useId()}`;

  const update = useCallback((key: string, change: Partial<Entry>) => {
    setEntries((list) => list.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  }, []);

  const forget = useCallback((key: string) => {
    setEntries((list) => list.filter((entry) => entry.key !== key));
    files.current.delete(key);
  }, []);

  useEffect(() => {
    const element = zone.current;
    if (!element) return undefined;
    const dz = new Dropzone(element, dropzoneOptions(journeyId));
    dropzone.current = dz;
    const activities = new Map<string, () => void>();
    const endActivity = (key: string) => {
      activities.get(key)?.();
      activities.delete(key);
    };
    const keyOf = (file: DropzoneFile) => file.upload.uuid;

    dz.on('drop', () => setRefusals([]));
    dz.on('addedfile', (file: DropzoneFile) => {
      files.current.set(keyOf(file), file);
      setEntries((list) => [...list, { key: keyOf(file), name: file.name, status: 'waiting' }]);
    });
    dz.on('sending', (file: DropzoneFile, xhr: XMLHttpRequest) => {
      // The token is read as each upload leaves, so a host that renews it is followed.
      for (const [name, value] of Object.entries(antiforgeryHeaders())) xhr.setRequestHeader(name, value);
      endActivity(keyOf(file));
      activities.set(keyOf(file), startActivity());
      update(keyOf(file), { status: 'uploading' });
    });
    dz.on('success', (file: DropzoneFile, answer: unknown) => {
      // Malformed JSON reaches here as dropzone's own text, which must not pass for an id.
      const malformed = answer === DROPZONE_INVALID_JSON && file.xhr?.responseText !== DROPZONE_INVALID_JSON;
      const uploadId = malformed ? null : parseUploadId(answer);
      if (uploadId === null) {
        dz.removeFile(file);
        update(keyOf(file), { status: 'failed', message: CTEXT.unreadableUpload });
        return;
      }
      update(keyOf(file), { status: 'uploaded', uploadId });
      setAnnouncement(CTEXT.fileUploaded(file.name));
    });
    dz.on('error', (file: DropzoneFile, message: unknown, xhr?: XMLHttpRequest) => {
      const key = keyOf(file);
      dz.removeFile(file);
      if (xhr && xhr.status === 0) {
        // No answer at all: the upload timed out or the connection dropped ("responded with 0" would be untrue).
        const timedOut = typeof message === 'string' && message.startsWith('Request timedout');
        update(key, { status: 'failed', message: timedOut ? CTEXT.uploadTimedOut : CTEXT.uploadNoAnswer });
        return;
      }
      if (xhr) {
        // A failed upload: the upload widget's message (docs/decisions.md "Texts the rules leave out"); a
        // refused token or session (403): reload the page.
        update(key, {
          status: 'failed',
          message:
            xhr.status === FORBIDDEN_STATUS
              ? RELOAD_PAGE_TEXT
              : UPLOAD_DICT.dictResponseError.replace('{{statusCode}}', String(xhr.status)),
        });
        return;
      }
      // Refused before any request: too big, wrong type, too many, duplicate.
      forget(key);
      const text = typeof message === 'string' ? message : UPLOAD_DICT.dictInvalidFileType;
      setRefusals((list) => [...list, { key, name: file.name, message: text }]);
    });
    dz.on('complete', (file: DropzoneFile) => endActivity(keyOf(file)));
    dz.on('canceled', (file: DropzoneFile) => endActivity(keyOf(file)));

    return () => {
      dz.off();
      activities.forEach((end) => end());
      dz.destroy();
      dropzone.current = null;
    };
  }, [journeyId, update, forget]);

  useEffect(() => {
    const dz = dropzone.current;
    if (!dz) return;
    if (locked) dz.disable();
    else if (dz.disabled) dz.enable();
  }, [locked]);

  const told = useRef<UploadSummary | null>(null);
  useEffect(() => {
    const summary: UploadSummary = {
      uploadIds: entries.flatMap((entry) =>
        entry.uploadId &&
        (entry.status === 'uploaded' || entry.status === 'remove-failed' || entry.status === 'removing')
          ? [entry.uploadId]
          : [],
      ),
      busy: entries.some(
        (entry) => entry.status === 'waiting' || entry.status === 'uploading' || entry.status === 'removing',
      ),
    };
    // Told only of a change: a file going from waiting to uploading changes nothing the widget shows.
    const last = told.current;
    if (last && last.busy === summary.busy && last.uploadIds.join('\n') === summary.uploadIds.join('\n')) return;
    told.current = summary;
    onChange(summary);
  }, [entries, onChange]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const dz = dropzone.current;
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (!dz || locked) return;
    setRefusals([]);
    // A fresh File per choice (no copy of the bytes): dropzone keeps its bookkeeping on the object,
    // and a file chosen twice must be two records for the duplicate check to see it.
    for (const file of chosen) {
      dz.addFile(new File([file], file.name, { type: file.type, lastModified: file.lastModified }) as DropzoneFile);
    }
  };

  const remove = async (entry: Entry) => {
    if (locked) return;
    const file = files.current.get(entry.key);
    if (entry.status === 'uploaded' || entry.status === 'remove-failed') {
      update(entry.key, { status: 'removing', message: undefined });
      try {
        await deleteUpload(entry.uploadId as string);
      } catch (error) {
        const message = failureText(error, CTEXT.removeFailed);
        update(entry.key, { status: 'remove-failed', message });
        setAnnouncement(message);
        return;
      }
    }
    if (file) dropzone.current?.removeFile(file);
    forget(entry.key);
    setAnnouncement(CTEXT.fileRemoved(entry.name));
  };

  return (
    <div className="rw-upload">
      <div className="rw-upload__zone" ref={zone}>
        <label className="rw-upload__label" htmlFor={inputId}>
          {CTEXT.uploadLabel}
        </label>
        <p className="rw-upload__hint" id={`${inputId}-hint`}>
          {CTEXT.uploadHint}
        </p>
        <input
          id={inputId}
          className="rw-upload__input"
          type="file"
          multiple
          accept={UPLOAD_LIMITS.acceptedFiles}
          aria-describedby={`${inputId}-hint`}
          disabled={locked}
          onChange={choose}
        />
      </div>

      {refusals.length > 0 && (
        <div className="rw-message rw-message--error rw-upload__refusals" role="alert">
          <p className="rw-upload__refusals-title">{CTEXT.refusedHeading}</p>
          <ul className="rw-upload__refusal-list">
            {refusals.map((refusal) => (
              <li key={refusal.key}>{CTEXT.refusal(refusal.name, refusal.message)}</li>
            ))}
          </ul>
        </div>
      )}

      {entries.length > 0 && (
        <>
          <h4 className="rw-upload__list-title">{CTEXT.uploadsHeading}</h4>
          <ul className="rw-upload__list">
            {entries.map((entry) => (
              <li key={entry.key} className={`rw-upload__file rw-upload__file--${entry.status}`}>
                <span className="rw-upload__name">{entry.name}</span>
                <span className="rw-upload__status">
                  {entry.status === 'failed' || entry.status === 'remove-failed'
                    ? (entry.message ?? STATUS_TEXT[entry.status])
                    : STATUS_TEXT[entry.status]}
                </span>
                {!locked && entry.status !== 'removing' && (
                  <button
                    type="button"
                    className="rw-link rw-link--button rw-upload__remove"
                    onClick={() => remove(entry)}
                  >
                    {entry.status === 'remove-failed' ? CTEXT.retryRemove(entry.name) : CTEXT.removeFile(entry.name)}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="rw-upload__announcement" role="status">
        {announcement}
      </p>
    </div>
  );
}
