import { useEffect, useRef, type ReactNode } from 'react';
import { useScopedId } from '../hooks/useScopedId';

export interface SectionProps {
  /** Base of the heading's id (`{idBase}-{React id}`, shared/hooks/useScopedId.ts). */
  idBase: string;
  /** Class of the `<section>`. */
  className: string;
  /** The heading's text (or nodes); it names the section. */
  heading: ReactNode;
  /** Class of the heading (default `rw-heading`, the widgets' heading: shared/mount/mount.css). */
  headingClassName?: string;
  /** Level of the heading (default 2). */
  headingLevel?: 2 | 3;
  /**
   * The heading takes focus when the section first renders, so screen readers announce an outcome
   * (a finished view); it is then focusable by script only (`tabindex="-1"`).
   */
  focusHeading?: boolean;
  /** The id of what the heading's announcement adds (`aria-describedby`), e.g. a receipt line. */
  headingDescribedBy?: string;
  children?: ReactNode;
}

/**
 * A `<section>` named by its own heading (`aria-labelledby` the heading's unique id), the way every
 * panel and page view of the widgets is a region a screen reader can list and jump to.
 */
export function Section({
  idBase,
  className,
  heading,
  headingClassName = 'rw-heading',
  headingLevel = 2,
  focusHeading = false,
  headingDescribedBy,
  children,
}: SectionProps) {
  const headingId = useScopedId(idBase);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const Heading = `h${headingLevel}` as 'h2' | 'h3';
  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
    // Only when the section first renders: a later render must not take focus from the traveller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <section className={className} aria-labelledby={headingId}>
      <Heading
        id={headingId}
        className={headingClassName}
        tabIndex={focusHeading ? -1 : undefined}
        aria-describedby={headingDescribedBy}
        ref={focusHeading ? headingRef : undefined}
      >
        {heading}
      </Heading>
      {children}
    </section>
  );
}
