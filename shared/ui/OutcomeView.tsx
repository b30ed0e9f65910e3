import type { ReactNode } from 'react';
import { useScopedId } from '../hooks/useScopedId';
import { Section } from './Section';

export interface OutcomeViewProps {
  idBase: string;
  className: string;
  /** e.g. 'Claim submitted'. */
  heading: string;
  headingClassName?: string;
  /** The mount's `data-start-url`. */
  startUrl: string;
  startAgainText: string;
  /** The receipt line and its instant (ISO-8601 with London's offset) (docs/decisions.md "The receipt line"). */
  receipt?: { text: string; dateTime: string };
  children?: ReactNode;
}

/** The end of a widget's task (docs/product-rules.md section 2): a focused heading, receipt, next steps, start again. */
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
