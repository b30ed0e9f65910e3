import { useEffect, useRef } from 'react';
import { focusHeading } from '../focus';
import { texts } from '../texts';

/**
 * No disruption self refund is available (docs/product-rules.md section 2): a link to the manual claim with the
 * `Disruption` flag; `onFollow` runs when it is followed.
 */
export function NoOption({
  href,
  onFollow,
  focusOnMount = false,
}: {
  href: string;
  onFollow?: () => void;
  focusOnMount?: boolean;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusOnMount && panel.current) focusHeading(panel.current);
  }, [focusOnMount]);
  return (
    <div className="rw-disruption__panel" ref={panel}>
      <h2 className="rw-heading">{texts.noOptionHeading}</h2>
      <p className="rw-disruption__text">{texts.noOptionBody}</p>
      <p className="rw-disruption__text">
        <a className="rw-link" href={href} onClick={onFollow}>
          {texts.noOptionLink}
        </a>
      </p>
    </div>
  );
}
