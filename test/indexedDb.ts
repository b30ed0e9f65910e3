/**
 * A fresh fake-indexeddb for a test (jsdom has no IndexedDB, nor Blob.arrayBuffer, added here): `freshIndexedDb()` installs a new,
 * empty one as the page's `indexedDB`; `{ refuseBlobs: true }` makes it refuse any record holding
 * a Blob or File, as WebKit does in a private window (its `UnknownError`).
 */
import v8 from 'node:v8';
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';

// jsdom has no structuredClone; fake-indexeddb clones every value it stores with it.
if (typeof globalThis.structuredClone !== 'function') {
  globalThis.structuredClone = ((value: unknown) => v8.deserialize(v8.serialize(value))) as typeof structuredClone;
}

// jsdom's Blob has no arrayBuffer(): read through FileReader, as browsers before it did.
if (typeof Blob !== 'undefined' && typeof Blob.prototype.arrayBuffer !== 'function') {
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };
}

const isBlob = (value: unknown) => ['[object Blob]', '[object File]'].includes(Object.prototype.toString.call(value));

function holdsBlob(value: unknown, seen = new Set<unknown>()): boolean {
  if (isBlob(value)) return true;
  if (value === null || typeof value !== 'object' || seen.has(value)) return false;
  seen.add(value);
  return Object.values(value).some((item) => holdsBlob(item, seen));
}

/** Installs a new, empty IndexedDB; with `refuseBlobs`, one that refuses Blobs like WebKit's private windows. */
export function freshIndexedDb({ refuseBlobs = false } = {}): IDBFactory {
  const factory = new IDBFactory();
  globalThis.indexedDB = factory;
  if (refuseBlobs) {
    const put = IDBObjectStore.prototype.put;
    jest.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function refuse(this: IDBObjectStore, value, key) {
      if (holdsBlob(value))
        throw new DOMException('Error preparing Blob/File data to be stored in object store', 'UnknownError');
      return put.call(this, value, key);
    });
  }
  return factory;
}
