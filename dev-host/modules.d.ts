/**
 * The parts of two untyped dependencies the dev host uses (neither ships its own types; the
 * DefinitelyTyped packages @types/compression and @types/multer would replace these), and two
 * modules of rate-limiter-flexible required by path.
 */

declare module 'compression' {
  import type { RequestHandler } from 'express';
  /** gzip middleware. */
  function compression(): RequestHandler;
  export = compression;
}

declare module 'multer' {
  import type { Request, RequestHandler } from 'express';

  namespace multer {
    /** A file multer read into memory. */
    interface File {
      fieldname: string;
      originalname: string;
      mimetype: string;
      size: number;
      buffer: Buffer;
    }
    interface Options {
      storage?: unknown;
      limits?: { fileSize?: number; files?: number; fields?: number; parts?: number; fieldSize?: number };
    }
    interface Multer {
      single(field: string): RequestHandler;
    }
    /** A limit or form error of multer (`code` e.g. `LIMIT_FILE_SIZE`). */
    class MulterError extends Error {
      code: string;
      field?: string;
    }
    function memoryStorage(): unknown;
  }
  function multer(options?: multer.Options): multer.Multer;
  export = multer;

  global {
    namespace Express {
      interface Request {
        /** The file of a `single()` upload. */
        file?: multer.File;
      }
    }
  }
  // Keeps `Request` used: the augmentation above extends it.
  export type { Request };
}

/** rate-limiter-flexible's in-memory limiter and its answer, required alone (backend/limits.js). */
declare module 'rate-limiter-flexible/lib/RateLimiterMemory' {
  import { RateLimiterMemory } from 'rate-limiter-flexible';
  export = RateLimiterMemory;
}

declare module 'rate-limiter-flexible/lib/RateLimiterRes' {
  import { RateLimiterRes } from 'rate-limiter-flexible';
  export = RateLimiterRes;
}
