import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Details } from '../types';
import { SelectedJourney, selectedJourneyTitle } from './SelectedJourney';
import { STATIONS, buildDetails, buildFerryDetails, buildSingleDetails } from '../../test/journeyBuilders';

describe('SelectedJourney', () => {
  it('shows the heading, the outward and return summaries and the booking reference', () => {
    const { container } = render(<SelectedJourney details={buildDetails()} stations={STATIONS} />);

    expect(
      screen.getByRole('heading', { level: 2, name: 'Selected Journey: London Kings Cross to Edinburgh' }),
    ).toBeInTheDocument();
    const outward = screen.getByRole('region', { name: 'Outward (14/03/2026)' });
    const back = screen.getByRole('region', { name: 'Return (21/03/2026)' });
    expect(within(outward).getByRole('heading', { level: 3, name: 'Outward (14/03/2026)' })).toBeInTheDocument();
    expect(within(outward).getByText('London Kings Cross')).toBeInTheDocument();
    expect(within(outward).getByText('12:45')).toBeInTheDocument();
    expect(within(back).getByRole('img', { name: 'Tube roundel' })).toBeInTheDocument();
    expect(within(back).getByRole('img', { name: 'Rail replacement bus' })).toBeInTheDocument();
    expect(screen.getByText('Booking reference: KXB7HT2N')).toBeInTheDocument();
    expect(container.querySelector('[style]')).toBeNull();
    // One small snapshot per region: the heading, a summary's label, the booking reference.
    expect(screen.getByRole('heading', { level: 2 })).toMatchSnapshot('heading');
    expect(within(back).getByRole('heading', { level: 3 })).toMatchSnapshot('return label');
    expect(screen.getByText('Booking reference: KXB7HT2N')).toMatchSnapshot('booking reference');
  });

  it('orders the summaries outward, then return', () => {
    render(<SelectedJourney details={buildDetails()} stations={STATIONS} />);
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual([
      'Selected Journey: London Kings Cross to Edinburgh',
      'Outward (14/03/2026)',
      'Return (21/03/2026)',
    ]);
  });

  it('shows no return summary for a single', () => {
    render(<SelectedJourney details={buildSingleDetails()} stations={STATIONS} />);
    expect(screen.getByRole('region', { name: 'Outward (14/03/2026)' })).toBeInTheDocument();
    expect(screen.queryByText(/^Return/)).not.toBeInTheDocument();
  });

  it('names the journey from the first outward origin to the last outward destination, by time', () => {
    const details = buildDetails();
    details.JourneyPlannerResults.outboundJourneys[0].legs.reverse();
    render(<SelectedJourney details={details} stations={STATIONS} />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Selected Journey: London Kings Cross to Edinburgh',
    );
  });

  it('uses only the first outbound journey', () => {
    render(<SelectedJourney details={buildDetails()} stations={STATIONS} />);
    const outward = screen.getByRole('region', { name: 'Outward (14/03/2026)' });
    expect(within(outward).queryByText('London Euston')).not.toBeInTheDocument();
  });

  it('works with a ferry journey and a heading level of 3', () => {
    render(<SelectedJourney details={buildFerryDetails()} stations={STATIONS} headingLevel={3} />);
    expect(
      screen.getByRole('heading', { level: 3, name: 'Selected Journey: London Waterloo to Ryde Pier Head' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Outward (04/07/2026)' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Ferry' })).toBeInTheDocument();
    expect(screen.getByText('Booking reference: E-123456789')).toBeInTheDocument();
  });

  it('lets the traveller reveal intermediate stops inside the panel', async () => {
    const user = userEvent.setup();
    render(<SelectedJourney details={buildDetails()} stations={STATIONS} />);
    const outward = screen.getByRole('region', { name: 'Outward (14/03/2026)' });
    await user.click(within(outward).getByRole('button', { name: '2 intermediate stops' }));
    expect(within(outward).getByRole('button', { name: 'Peterborough' })).toBeVisible();
    expect(within(outward).getByRole('button', { name: 'Doncaster' })).toBeVisible();
  });

  it('shows Unknown for station codes missing from the map', () => {
    render(<SelectedJourney details={buildDetails()} stations={{ KGX: 'London Kings Cross' }} />);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Selected Journey: London Kings Cross to Unknown' }),
    ).toBeInTheDocument();
  });

  it('shows a clear message instead of crashing when the outbound journey has no legs', () => {
    const { container } = render(
      <SelectedJourney
        details={buildDetails({ JourneyPlannerResults: { outboundJourneys: [{ legs: [] }] } })}
        stations={STATIONS}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Selected Journey' })).toBeInTheDocument();
    expect(screen.getByText('Journey details are not available for this booking.')).toBeInTheDocument();
    expect(screen.getByText('Booking reference: KXB7HT2N')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Outward|Return/ })).not.toBeInTheDocument();
    expect(container.firstChild).toMatchSnapshot();
  });

  it('shows the message when there is no outbound journey or its legs are unknown', () => {
    const { rerender } = render(
      <SelectedJourney
        details={buildDetails({ JourneyPlannerResults: { outboundJourneys: [] } })}
        stations={STATIONS}
      />,
    );
    expect(screen.getByText('Journey details are not available for this booking.')).toBeInTheDocument();
    rerender(
      <SelectedJourney
        details={buildDetails({ JourneyPlannerResults: { outboundJourneys: [{ legs: [{ legRecordID: 404 }] }] } })}
        stations={STATIONS}
      />,
    );
    expect(screen.getByText('Journey details are not available for this booking.')).toBeInTheDocument();
  });

  it('renders server text as text', () => {
    const details = buildDetails({ bookingReference: '<script>alert(1)</script>' });
    const { container } = render(
      <SelectedJourney details={details} stations={{ ...STATIONS, KGX: '<b>Kings Cross</b>' }} />,
    );
    expect(screen.getByText('Booking reference: <script>alert(1)</script>')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Selected Journey: <b>Kings Cross</b> to Edinburgh',
    );
    expect(container.querySelector('script, b')).toBeNull();
  });

  it('can leave the heading to its container', () => {
    render(<SelectedJourney details={buildDetails()} stations={STATIONS} showHeading={false} />);
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Outward (14/03/2026)' })).toBeInTheDocument();
  });
});

describe('selectedJourneyTitle', () => {
  it('names the outward ends, or says only "Selected Journey" without legs', () => {
    expect(selectedJourneyTitle(buildDetails(), STATIONS)).toBe('Selected Journey: London Kings Cross to Edinburgh');
    expect(selectedJourneyTitle(buildFerryDetails(), STATIONS)).toBe(
      'Selected Journey: London Waterloo to Ryde Pier Head',
    );
    expect(selectedJourneyTitle({ bookingReference: 'KXB7HT2N' } as Details, STATIONS)).toBe('Selected Journey');
  });
});
