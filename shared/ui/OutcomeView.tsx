import type { ReactNode } from 'react';
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
  /** What the outcome means and what happens next. */
  children?: ReactNode;
}

/**
 * The view at the end of a widget's task (docs/product-rules.md section 2: the refund's "Refund
 * request accepted", the manual claim's "Claim submitted"): a {@link Section} whose heading takes
 * focus so screen readers announce the outcome, what happens next, and a link to start again.
 */
export function OutcomeView({
  idBase,
  className,
  heading,
  headingClassName,
  startUrl,
  startAgainText,
  children,
}: OutcomeViewProps) {
  return (
    <Section idBase={idBase} className={className} heading={heading} headingClassName={headingClassName} focusHeading>
      {children}
      <p>
        <a className="rw-link" href={startUrl}>
          {startAgainText}
        </a>
      </p>
    </Section>
  );
}
