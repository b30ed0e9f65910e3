import { formatPence } from '../../../shared/format/money';

export interface AmountLinesProps {
  /** Class of the list: `rw-refund__lines` or `rw-replacement__lines` (its width and spacing). */
  className: string;
  /** Each line's name and its amount in integer pence, in the order shown. */
  lines: [name: string, pence: number][];
  /** Class of each amount (the replacement panel's are bold). */
  amountClassName?: string;
}

/**
 * The amounts of a panel (docs/decisions.md "What each line shows or sends"): a definition list with one
 * ruled line (`rw-line`) per name and amount, the amount formatted from integer pence
 * (shared/format/money.ts).
 */
export function AmountLines({ className, lines, amountClassName }: AmountLinesProps) {
  return (
    <dl className={className}>
      {lines.map(([name, pence]) => (
        <div className="rw-line" key={name}>
          <dt>{name}</dt>
          <dd className={amountClassName}>{formatPence(pence)}</dd>
        </div>
      ))}
    </dl>
  );
}
