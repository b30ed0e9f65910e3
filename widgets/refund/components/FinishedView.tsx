import { useEffect, useRef } from 'react';
import { useScopedId } from '../../../shared/hooks/useScopedId';
import { setTitleFirstSegment } from '../../../shared/page/title';
import { TEXT } from '../texts';

/**
 * The finished view after a refund or deferral (docs/product-rules.md section 2): `Refund request accepted`
 * or `Deferred refund request accepted`, the title's first segment `Refund Complete`, a link to
 * start again (`startUrl`: the mount's `data-start-url`, default `/`). The heading takes focus so
 * screen readers announce the outcome.
 */
export function FinishedView({ deferred, startUrl }: { deferred: boolean; startUrl: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useScopedId('rw-refund-finished-heading');
  useEffect(() => {
    setTitleFirstSegment(TEXT.completeTitle);
    heading.current?.focus();
  }, []);
  return (
    <section className="rw-refund__finished" aria-labelledby={headingId}>
      <h2 id={headingId} className="rw-refund__heading" tabIndex={-1} ref={heading}>
        {deferred ? TEXT.deferralAccepted : TEXT.refundAccepted}
      </h2>
      <p>{deferred ? TEXT.deferralBody : TEXT.completeBody}</p>
      <p>
        <a className="rw-link" href={startUrl}>
          {TEXT.startAgain}
        </a>
      </p>
    </section>
  );
}
