import { useEffect, useRef, type ReactNode } from 'react';
import { useScopedId } from '../hooks/useScopedId';

export interface SectionProps {
  /** Base of the heading's id (`{idBase}-{React id}`). */
  idBase: string;
  className: string;
  heading: ReactNode;
  /** Class of the heading (default `rw-heading`). */
  headingClassName?: string;
  headingLevel?: 2 | 3;
  /** Focus the heading on first render, announcing an outcome (then `tabindex="-1"`). */
  focusHeading?: boolean;
  /** What the heading's announcement adds (`aria-describedby`), e.g. a receipt line. */
  headingDescribedBy?: string;
  children?: ReactNode;
}

/** A `<section>` named by its own heading, a region a screen reader can list. */
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
    // Only on first render: a later render must not take focus from the traveller.
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
