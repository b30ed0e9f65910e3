import { formatPence } from '../../../shared/format/money';
import { Section } from '../../../shared/ui/Section';
import { texts } from '../texts';
import type { ExpectedTicket } from '../types';

/** The expected tickets (docs/product-rules.md section 2): description, count, one ticket's price from pence. */
export function ExpectedTickets({ tickets }: { tickets: ExpectedTicket[] }) {
  return (
    <Section
      idBase="rw-manual-claim-tickets-heading"
      className="rw-manual-claim__tickets"
      heading={texts.ticketsHeading}
      headingClassName="rw-manual-claim__subheading"
      headingLevel={3}
    >
      {tickets.length === 0 ? (
        <p>{texts.noTickets}</p>
      ) : (
        <ul className="rw-manual-claim__ticket-list">
          {tickets.map((ticket, index) => (
            <li key={`${index}-${ticket.description}`} className="rw-line">
              <span className="rw-manual-claim__ticket-name">{texts.ticketLine(ticket.count, ticket.description)}</span>
              <span className="rw-manual-claim__ticket-price">{texts.priceEach(formatPence(ticket.pricePence))}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
