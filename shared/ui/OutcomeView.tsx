import type { ReactNode } from 'react';
import { useScopedId } from '../hooks/useScopedId';
import { Section } from './Section';

export interface OutcomeViewProps {
  /** Base of the heading's id. */
  idBase: string;
  /** Class of the `<section>`. */
  className: string;
  /** What happened, e.g. 'Claim submitted'. */
  heading: string;
  /** Class of the heading (default `rw-heading`). */
  headingClassName?: string;
  /** Where "start again" leads: the mount's `data-start-url` (default `/`). */
  startUrl: string;
  /** The link's text (the widget's own `texts.startAgain`). */
  startAgainText: string;
  /**
   * The receipt line (docs/product-rules.md section 2), e.g. `Claim submitted on 25/11/2026 at
   * 14:05 (UK time).`, and the instant it names (`dateTime`, ISO-8601 with London's offset). It
   * comes first under the heading, and the heading's announcement includes it.
   */
  receipt?: { text: string; dateTime: string };
  /** What the outcome means and what happens next. */
  children?: ReactNode;
}

/**
 * The view at the end of a widget's task (docs/product-rules.md section 2: the refund's "Refund
 * request accepted", the manual claim's "Claim submitted"): a {@link Section} whose heading takes
 * focus so screen readers announce the outcome with its receipt line (when and what, in London
 * time), what happens next, and a link to start again.
 */
export function OutcomeView({
  idBase,
  className,
  heading,
  headingClassName,
  startUrl,
  startAgainText,
  receipt,
  children,
}: OutcomeViewProps) {
  const receiptId = useScopedId(`${idBase}-receipt`);
  return (
    <Section
      idBase={idBase}
      className={className}
      heading={heading}
      headingClassName={headingClassName}
      focusHeading
      headingDescribedBy={receipt ? receiptId : undefined}
    >
      {receipt && (
        <p id={receiptId} className="rw-outcome__receipt">
          <time dateTime={receipt.dateTime}>{receipt.text}</time>
        </p>
      )}
      {children}
      <p>
        <a className="rw-link" href={startUrl}>
          {startAgainText}
        </a>
      </p>
    </Section>
  );
}
