import { useScopedId } from '../../../shared/hooks/useScopedId';
import { formatPence } from '../../../shared/format/money';
import { texts } from '../texts';
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
        {texts.ticketsHeading}
      </h3>
      {tickets.length === 0 ? (
        <p>{texts.noTickets}</p>
      ) : (
        <ul className="rw-manual-claim__ticket-list">
          {tickets.map((ticket, index) => (
            <li key={`${index}-${ticket.description}`} className="rw-manual-claim__ticket">
              <span className="rw-manual-claim__ticket-name">{texts.ticketLine(ticket.count, ticket.description)}</span>
              <span className="rw-manual-claim__ticket-price">{texts.priceEach(formatPence(ticket.pricePence))}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
