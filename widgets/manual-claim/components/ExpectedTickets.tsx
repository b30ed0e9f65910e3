import { useScopedId } from '../../../shared/hooks/useScopedId';
import { formatPence } from '../../../shared/format/money';
import { CTEXT } from '../texts';
import type { ExpectedTicket } from '../types';

/**
 * The list of expected tickets (docs/product-rules.md section 2): each fare's description with its count and
 * the price of one ticket in pounds (integer pence formatted by `formatPence`). All server text
 * is rendered as text.
 */
export function ExpectedTickets({ tickets }: { tickets: ExpectedTicket[] }) {
  const headingId = useScopedId('rw-manual-claim-tickets-heading');
  return (
    <section className="rw-manual-claim__tickets" aria-labelledby={headingId}>
      <h3 id={headingId} className="rw-manual-claim__subheading">
        {CTEXT.ticketsHeading}
      </h3>
      {tickets.length === 0 ? (
        <p>{CTEXT.noTickets}</p>
      ) : (
        <ul className="rw-manual-claim__ticket-list">
          {tickets.map((ticket, index) => (
            <li key={`${index}-${ticket.description}`} className="rw-manual-claim__ticket">
              <span className="rw-manual-claim__ticket-name">{CTEXT.ticketLine(ticket.count, ticket.description)}</span>
              <span className="rw-manual-claim__ticket-price">{CTEXT.priceEach(formatPence(ticket.pricePence))}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
