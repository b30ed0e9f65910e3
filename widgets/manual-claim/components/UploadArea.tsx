import Dropzone, { type DropzoneFile, type DropzoneOptions } from 'dropzone';
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useScopedId } from '../../../shared/hooks/useScopedId';
import { offlineReason, subscribeConnection } from '@rw/page-runtime';
import { isTransientFailure, toWidgetError } from '../../../shared/api/policy';
import { failureText } from '../../../shared/errors/WidgetError';
import { deleteUpload, uploadKey, uploadPhoto, uploadUrl } from '../api';
import { canKeepIntents } from '../../../shared/storage/intents';
import {
  canKeepDrafts,
  changeDraft,
  hasDraftStore,
  loadDraft,
  photoBlob,
  photoBytes,
  withoutPhoto,
  withPhoto,
  withUploaded,
  type ClaimDraft,
  type DraftPhoto,
} from '../draft';

/** The claim draft's store and the claim's POST load with this chunk, never in a copy of their own. */
export * as claimDraft from '../draft';
export { submitClaim } from '../api';
import { texts, REFUSAL, UPLOAD_DICT } from '../texts';
import type { UploadSummary } from '../types';
import { canDecode, checkPhoto } from '../photoCheck';
import { uploadFailureText } from '../uploadFailure';
import { parseUploadId, UPLOAD_LIMITS } from '../validation';
import '../../../shared/forms/forms.css';
import './UploadArea.css';

type EntryStatus = 'waiting' | 'uploading' | 'uploaded' | 'failed' | 'removing' | 'remove-failed';

/** One photo the traveller added and the upload area lists. */
interface Entry {
  key: string;
  name: string;
  status: EntryStatus;
  /** The resized photo, kept until uploaded, for a retry. */
  blob?: Blob;
  uploadKey?: string;
  digest?: string | null;
  size?: number;
  uploadId?: string;
  message?: string;
  /** Failed, and may be tried again (no answer, timeout, 408, 429, 5xx): it shows "Try again". */
  retryable?: boolean;
}

/** A file refused before any request (docs/decisions.md "Upload refusals"). */
interface Refusal {
  key: string;
  name: string;
  message: string;
}

export interface UploadAreaProps {
  /** With the journey id, the key of the claim's draft. */
  bookingReference: string;
  /** The uploads' `Journey-Id` header. */
  journeyId: string;
  /** While the claim is submitted or after: nothing can be added or removed. */
  locked: boolean;
  onChange: (summary: UploadSummary) => void;
}

/** The digests of the photos accepted so far (null without `crypto.subtle`), and where a resized photo goes. */
export interface PhotoIntake {
  accepted: Map<string, string | null>;
  /** Hands a checked, resized photo to the request layer (docs/architecture.md "One request layer"). */
  resized: (file: DropzoneFile, blob: Blob, digest: string | null) => void;
}

/**
 * The claim's dropzone options (docs/uploads.md "In the browser, before any request"): checks type, size, pixels,
 * count and duplicates one file at a time, resizes to 1200 px and hands the photo to `intake.resized`; dropzone
 * sends nothing itself, and its texts are ours (docs/uploads.md "What the traveller reads").
 */
export function dropzoneOptions(intake: PhotoIntake): DropzoneOptions {
  // One at a time, in the order added: the 11th file is the one refused, the second copy the duplicate.
  let checks: Promise<void> = Promise.resolve();
  return {
    url: uploadUrl(),
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
        if (file.status !== Dropzone.ADDED || !this.files.includes(file)) return undefined;
        if (!check.ok) return done(check.message);
        if (intake.accepted.size >= UPLOAD_LIMITS.maxFiles) return done(REFUSAL.tooMany);
        const duplicate = check.digest !== null && [...intake.accepted.values()].includes(check.digest);
        if (duplicate) return done(texts.duplicate);
        intake.accepted.set(file.upload.uuid, check.digest);
        return done();
      };
      checks = checks.then(run).catch(() => undefined);
    },
    transformFile(this: Dropzone, file: DropzoneFile) {
      const finish = (status: string) => {
        file.status = status;
        this.emit('complete', file);
        this.processQueue();
      };
      const refuse = () => {
        // The status first: removing a file dropzone thinks is uploading would cancel it, a second error.
        file.status = Dropzone.ERROR;
        this.emit('error', file, texts.photoUnreadable);
        finish(Dropzone.ERROR);
      };
      const { resizeWidth = null, resizeHeight = null, resizeMethod = 'contain' } = this.options;
      canDecode(file).then((decodable) => {
        if (file.status === Dropzone.CANCELED) return undefined; // removed while it was being decoded
        if (!decodable) return refuse();
        return this.resizeImage(file, resizeWidth, resizeHeight, resizeMethod, (resized: Blob | DropzoneFile) => {
          // The original (could not load) or an empty blob (canvas too big) is never sent.
          if (resized === file || !(resized instanceof Blob) || resized.size === 0) return refuse();
          if (file.status === Dropzone.CANCELED) return undefined;
          intake.resized(file, resized, intake.accepted.get(file.upload.uuid) ?? null);
          return finish(Dropzone.SUCCESS);
        });
      });
    },
  } as DropzoneOptions;
}

/** Adds a chosen file as a fresh File: a file chosen twice must be two records for the duplicate check. */
function addFile(dz: Dropzone, file: File): void {
  dz.addFile(new File([file], file.name, { type: file.type, lastModified: file.lastModified }) as DropzoneFile);
}

const STATUS_TEXT: Record<EntryStatus, string> = {
  waiting: texts.statusWaiting,
  uploading: texts.statusUploading,
  uploaded: texts.statusUploaded,
  failed: '',
  removing: texts.statusRemoving,
  'remove-failed': texts.removeFailed,
};

/**
 * The claim's upload area (docs/product-rules.md sections 2, 5, 7; docs/offline.md "Photos"; docs/uploads.md): a
 * labelled file input and drop box feed dropzone; the request layer uploads one photo at a time to /tickets/upload
 * and Remove POSTs /tickets/delete/{uploadId}. Nothing is added or removed while `locked`.
 */
export function UploadArea({ bookingReference, journeyId, locked, onChange }: UploadAreaProps) {
  const zone = useRef<HTMLDivElement | null>(null);
  const dropzone = useRef<Dropzone | null>(null);
  const files = useRef(new Map<string, DropzoneFile>());
  const accepted = useRef(new Map<string, string | null>());
  /** When each photo was added (ms, strictly increasing): its place in the draft's list. */
  const addedAt = useRef(new Map<string, number>());
  const lastAdded = useRef(0);
  const stamp = (key: string, at = Math.max(Date.now(), lastAdded.current + 1)) => {
    lastAdded.current = Math.max(lastAdded.current, at);
    addedAt.current.set(key, at);
  };
  const inFlight = useRef<{ key: string; abort: AbortController } | null>(null);
  const [entries, setEntries] = useState<Entry[]>([]);
  /** The list as last set, for the queue between renders (changed only through {@link change}). */
  const listed = useRef<Entry[]>([]);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const [announcement, setAnnouncement] = useState('');
  /** A photo was removed: the list's heading stays, to take focus, even when the list is empty. */
  const [removedAny, setRemovedAny] = useState(false);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const inputId = useScopedId('rw-upload-input');
  const lockedRef = useRef(locked);

  /** The photos and the claim's key are kept on the phone (the photos: until a write is refused). */
  const [photosKept, setPhotosKept] = useState(hasDraftStore);
  const [claimKept] = useState(canKeepIntents);
  /** Files chosen or dropped before dropzone was attached. */
  const early = useRef<File[]>([]);

  const keep = useCallback(
    (next: (draft: ClaimDraft) => ClaimDraft) =>
      void changeDraft(bookingReference, journeyId, next).then((kept) => {
        if (kept !== 'kept') setPhotosKept(false);
      }),
    [bookingReference, journeyId],
  );

  const draftPhoto = useCallback(
    (entry: Entry): DraftPhoto => ({
      key: entry.key,
      name: entry.name,
      digest: entry.digest ?? null,
      size: entry.size ?? 0,
      uploadKey: entry.uploadKey ?? '',
      addedAt: addedAt.current.get(entry.key) ?? Date.now(),
      state: 'waiting',
    }),
    [],
  );

  const change = useCallback((next: (list: Entry[]) => Entry[]) => {
    listed.current = next(listed.current);
    setEntries(listed.current);
  }, []);

  const update = useCallback(
    (key: string, changes: Partial<Entry>) =>
      change((list) => list.map((entry) => (entry.key === key ? { ...entry, ...changes } : entry))),
    [change],
  );

  /** Starts the next waiting photo, in the order added, when none is in flight. */
  const pump = useCallback(() => {
    const startNext = (): void => {
      if (lockedRef.current || inFlight.current || offlineReason() === 'browser') return;
      const next = listed.current.find((entry) => entry.status === 'waiting');
      if (!next?.blob || !next.uploadKey) return;
      const abort = new AbortController();
      inFlight.current = { key: next.key, abort };
      update(next.key, { status: 'uploading', message: undefined, retryable: undefined });
      uploadPhoto(journeyId, { name: next.name, blob: next.blob, key: next.uploadKey }, abort.signal)
        .then(
          (answer) => {
            if (abort.signal.aborted) return;
            const uploadId = parseUploadId(answer);
            if (uploadId === null) {
              update(next.key, { status: 'failed', message: texts.unreadableUpload });
              return;
            }
            update(next.key, { status: 'uploaded', uploadId, blob: undefined });
            keep((draft) => withUploaded(draft, draftPhoto(next), uploadId));
            setAnnouncement(texts.fileUploaded(next.name));
          },
          (error: unknown) => {
            if (abort.signal.aborted) return;
            const failure = toWidgetError(error);
            const retryable = isTransientFailure(failure);
            update(next.key, { status: 'failed', message: uploadFailureText(failure), retryable });
            // Refused for good: nothing to send again after a reload; a photo without an answer stays waiting.
            if (!retryable) keep((draft) => withoutPhoto(draft, next.key));
          },
        )
        .finally(() => {
          if (inFlight.current?.abort === abort) inFlight.current = null;
          startNext();
        });
    };
    startNext();
  }, [journeyId, update, keep, draftPhoto]);

  const forget = useCallback(
    (key: string) => {
      change((list) => list.filter((entry) => entry.key !== key));
      keep((draft) => withoutPhoto(draft, key));
      files.current.delete(key);
      accepted.current.delete(key);
      if (inFlight.current?.key === key) {
        inFlight.current.abort.abort();
        inFlight.current = null;
      }
      pump();
    },
    [change, pump, keep],
  );

  useEffect(() => {
    const element = zone.current;
    if (!element) return undefined;
    const keyOf = (file: DropzoneFile) => file.upload.uuid;
    const dz = new Dropzone(
      element,
      dropzoneOptions({
        accepted: accepted.current,
        resized: (file, blob, digest) => {
          void uploadKey(journeyId, digest).then((key) => {
            update(keyOf(file), { blob, uploadKey: key, digest, size: file.size });
            pump();
            const photo = draftPhoto({
              key: keyOf(file),
              name: file.name,
              status: 'waiting',
              uploadKey: key,
              digest,
              size: file.size,
            });
            // An ArrayBuffer with its type: what every engine stores.
            return photoBytes(blob)
              .then((bytes) => keep((draft) => withPhoto(draft, { ...photo, bytes, type: blob.type })))
              .catch(() => keep((draft) => withPhoto(draft, photo)));
          });
        },
      }),
    );
    dropzone.current = dz;

    dz.on('drop', () => setRefusals([]));
    dz.on('addedfile', (file: DropzoneFile) => {
      files.current.set(keyOf(file), file);
      stamp(keyOf(file));
      change((list) => [...list, { key: keyOf(file), name: file.name, status: 'waiting' }]);
    });
    dz.on('error', (file: DropzoneFile, message: unknown) => {
      // Dropzone's "Upload canceled." of a file removed while resized: already forgotten.
      if (file.status === Dropzone.CANCELED) return;
      const key = keyOf(file);
      dz.removeFile(file);
      forget(key);
      // Dropzone's refusals are `UPLOAD_DICT`'s; anything else is a failed upload.
      const text = typeof message === 'string' ? message : REFUSAL.uploadFailed;
      setRefusals((list) => [...list, { key, name: file.name, message: text }]);
    });

    for (const file of early.current.splice(0)) addFile(dz, file);

    // An earlier page's draft: its photos listed again, the waiting ones upload by themselves.
    let restoring = true;
    void loadDraft(bookingReference, journeyId).then((draft) => {
      if (!restoring || !draft) return;
      // A waiting photo without its bytes cannot be sent: the traveller was told to add it again.
      const restored = draft.photos.filter(
        (photo) =>
          !listed.current.some((entry) => entry.key === photo.key) &&
          (photo.state === 'uploaded' || photo.bytes !== undefined),
      );
      for (const photo of restored) {
        accepted.current.set(photo.key, photo.digest);
        stamp(photo.key, photo.addedAt);
      }
      change((list) => [
        ...restored.map((photo): Entry => ({
          key: photo.key,
          name: photo.name,
          status: photo.state,
          blob: photoBlob(photo),
          uploadKey: photo.uploadKey,
          uploadId: photo.uploadId,
          digest: photo.digest,
          size: photo.size,
        })),
        ...list,
      ]);
      pump();
    });

    const unsubscribe = subscribeConnection(() => {
      if (offlineReason() === 'browser') return;
      change((list) =>
        list.map((entry) =>
          entry.status === 'failed' && entry.retryable
            ? { ...entry, status: 'waiting', message: undefined, retryable: undefined }
            : entry,
        ),
      );
      pump();
    });

    return () => {
      restoring = false;
      unsubscribe();
      dz.off();
      inFlight.current?.abort.abort();
      dz.destroy();
      dropzone.current = null;
    };
  }, [bookingReference, journeyId, update, forget, change, pump, keep, draftPhoto]);

  // Told before the traveller relies on it (docs/offline.md "The claim draft").
  useEffect(() => {
    let active = true;
    void canKeepDrafts().then((kept) => {
      if (active && !kept) setPhotosKept(false);
    });
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    lockedRef.current = locked;
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
    // Told only of a change the widget shows.
    const last = told.current;
    if (last && last.busy === summary.busy && last.uploadIds.join('\n') === summary.uploadIds.join('\n')) return;
    told.current = summary;
    onChange(summary);
  }, [entries, onChange]);

  const take = useCallback((chosen: File[]) => {
    const dz = dropzone.current;
    if (lockedRef.current || chosen.length === 0) return;
    setRefusals([]);
    if (dz) for (const file of chosen) addFile(dz, file);
    else early.current.push(...chosen);
  }, []);

  /** The drop box: a drop before dropzone listens is queued, never opened by the browser as a page. */
  const zoneRef = useCallback(
    (node: HTMLDivElement | null) => {
      zone.current = node;
      if (!node) return undefined;
      const takeEarly = (event: DragEvent) => {
        if (dropzone.current) return;
        event.preventDefault();
        if (event.type === 'drop') take(Array.from(event.dataTransfer?.files ?? []));
      };
      node.addEventListener('dragover', takeEarly);
      node.addEventListener('drop', takeEarly);
      return () => {
        node.removeEventListener('dragover', takeEarly);
        node.removeEventListener('drop', takeEarly);
      };
    },
    [take],
  );

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    take(chosen);
  };

  /** Removes a photo: focus goes at once to the list's heading, as Remove goes away; the status line says the rest. */
  const remove = async (entry: Entry) => {
    if (locked) return;
    setRemovedAny(true);
    listHeading.current?.focus();
    const file = files.current.get(entry.key);
    if (entry.status === 'uploaded' || entry.status === 'remove-failed') {
      update(entry.key, { status: 'removing', message: undefined });
      try {
        await deleteUpload(entry.uploadId as string);
      } catch (error) {
        const message = failureText(error, texts.removeFailed);
        update(entry.key, { status: 'remove-failed', message });
        setAnnouncement(message);
        return;
      }
    }
    if (file) dropzone.current?.removeFile(file);
    forget(entry.key);
    setAnnouncement(texts.fileRemoved(entry.name));
  };

  const retry = (entry: Entry) => {
    if (locked) return;
    update(entry.key, { status: 'waiting', message: undefined, retryable: undefined });
    pump();
  };

  return (
    <div className="rw-upload">
      <div className="rw-upload__zone" ref={zoneRef}>
        <label className="rw-field__label" htmlFor={inputId}>
          {texts.uploadLabel}
        </label>
        <p className="rw-field__hint" id={`${inputId}-hint`}>
          {texts.uploadHint}
        </p>
        <p className="rw-upload__kept" role="status">
          {[!photosKept && texts.photosNotKept, !claimKept && texts.claimNotKept].filter(Boolean).join(' ')}
        </p>
        <input
          id={inputId}
          className={`rw-upload__input${entries.length > 0 ? ' rw-upload__input--listed' : ''}`}
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
          <p className="rw-upload__refusals-title">{texts.refusedHeading}</p>
          <ul className="rw-upload__refusal-list">
            {refusals.map((refusal) => (
              <li key={refusal.key}>{texts.refusal(refusal.name, refusal.message)}</li>
            ))}
          </ul>
        </div>
      )}

      {(entries.length > 0 || removedAny) && (
        <h4 className="rw-upload__list-title" id={`${inputId}-list`} ref={listHeading} tabIndex={-1}>
          {texts.uploadsHeading}
        </h4>
      )}
      <p className="rw-upload__announcement" role="status">
        {announcement}
      </p>
      {entries.length === 0 && removedAny && <p className="rw-upload__empty">{texts.noPhotos}</p>}
      {entries.length > 0 && (
        <ul className="rw-upload__list" aria-labelledby={`${inputId}-list`}>
          {entries.map((entry) => (
            <li key={entry.key} className={`rw-upload__file rw-upload__file--${entry.status}`}>
              <span className="rw-upload__name">{entry.name}</span>
              <span className="rw-upload__status">
                {entry.status === 'failed' || entry.status === 'remove-failed'
                  ? (entry.message ?? STATUS_TEXT[entry.status])
                  : STATUS_TEXT[entry.status]}
              </span>
              {!locked && entry.status === 'failed' && entry.retryable && (
                <button type="button" className="rw-link rw-link--button rw-upload__retry" onClick={() => retry(entry)}>
                  {texts.retryUpload(entry.name)}
                </button>
              )}
              {!locked && entry.status !== 'removing' && (
                <button
                  type="button"
                  className="rw-link rw-link--button rw-upload__remove"
                  onClick={() => remove(entry)}
                >
                  {entry.status === 'remove-failed' ? texts.retryRemove(entry.name) : texts.removeFile(entry.name)}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
