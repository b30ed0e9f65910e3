import { v4 as uuidv4 } from 'uuid';

/** A new Idempotency-Key for one confirmed intent (docs/architecture.md "Exactly once"). */
export function newIdempotencyKey(): string {
  return uuidv4();
}
