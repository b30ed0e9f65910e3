import { formatPence } from '../../../shared/format/money';

export interface AmountLinesProps {
  className: string;
  /** Each line's name and amount (pence), in order. */
  lines: [name: string, pence: number][];
  amountClassName?: string;
}

/** A panel's amount lines, formatted from pence (docs/decisions.md "What each line shows or sends"). */
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
