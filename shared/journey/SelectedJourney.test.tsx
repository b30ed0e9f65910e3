import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Details } from '../types';
import { SelectedJourney, selectedJourneyTitle } from './SelectedJourney';
import { STATIONS, detailsOf, withoutReturn } from '../../test/journeys';

// `instant` (KXB7HT2N): London Kings Cross → York → Edinburgh on 16/01/2027, back on 23/01/2027.
// `instant-ship` (FHN3KX8W): London Waterloo → Yarmouth (Isle of Wight), a ferry each way.

describe('SelectedJourney', () => {
  it('shows the heading, the outward and return summaries and the booking reference', () => {
    const { container } = render(<SelectedJourney details={detailsOf('instant')} stations={STATIONS} />);

    expect(
      screen.getByRole('heading', { level: 2, name: 'Selected Journey: London Kings Cross to Edinburgh' }),
    ).toBeInTheDocument();
    const outward = screen.getByRole('region', { name: 'Outward (16/01/2027)' });
    const back = screen.getByRole('region', { name: 'Return (23/01/2027)' });
    expect(within(outward).getByRole('heading', { level: 3, name: 'Outward (16/01/2027)' })).toBeInTheDocument();
    expect(within(outward).getByText('London Kings Cross')).toBeInTheDocument();
    expect(within(outward).getByText('12:45')).toBeInTheDocument();
    expect(within(back).getByText('16:00')).toBeInTheDocument();
    expect(within(back).getByText('20:25')).toBeInTheDocument();
    expect(within(back).getByRole('button', { name: '5 intermediate stops' })).toBeInTheDocument();
    expect(screen.getByText('Booking reference: KXB7HT2N')).toBeInTheDocument();
    expect(container.querySelector('[style]')).toBeNull();
    // One small snapshot per region: the heading, a summary's label, the booking reference.
    expect(screen.getByRole('heading', { level: 2 })).toMatchSnapshot('heading');
    expect(within(back).getByRole('heading', { level: 3 })).toMatchSnapshot('return label');
    expect(screen.getByText('Booking reference: KXB7HT2N')).toMatchSnapshot('booking reference');
  });

  it('orders the summaries outward, then return', () => {
    render(<SelectedJourney details={detailsOf('instant')} stations={STATIONS} />);
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual([
      'Selected Journey: London Kings Cross to Edinburgh',
      'Outward (16/01/2027)',
      'Return (23/01/2027)',
    ]);
  });

  it('shows no return summary for a single', () => {
    render(<SelectedJourney details={withoutReturn('instant')} stations={STATIONS} />);
    expect(screen.getByRole('region', { name: 'Outward (16/01/2027)' })).toBeInTheDocument();
    expect(screen.queryByText(/^Return/)).not.toBeInTheDocument();
  });

  it('names the journey from the first outward origin to the last outward destination, by time', () => {
    const details = detailsOf('instant');
    details.JourneyPlannerResults.outboundJourneys[0].legs.reverse();
    render(<SelectedJourney details={details} stations={STATIONS} />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Selected Journey: London Kings Cross to Edinburgh',
    );
  });

  it('uses only the first outbound journey', () => {
    // A second outbound journey: the return's Edinburgh 16:00 → London Kings Cross leg.
    const details = detailsOf('instant');
    details.JourneyPlannerResults.outboundJourneys.push({ journeyID: 2, legs: [{ legRecordID: 104 }] });
    render(<SelectedJourney details={details} stations={STATIONS} />);
    const outward = screen.getByRole('region', { name: 'Outward (16/01/2027)' });
    expect(within(outward).getByText('08:00')).toBeInTheDocument();
    expect(within(outward).queryByText('16:00')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Selected Journey: London Kings Cross to Edinburgh',
    );
  });

  it('works with a ferry journey and a heading level of 3', () => {
    render(<SelectedJourney details={detailsOf('instant-ship')} stations={STATIONS} headingLevel={3} />);
    expect(
      screen.getByRole('heading', { level: 3, name: 'Selected Journey: London Waterloo to Yarmouth (Isle of Wight)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Outward (12/06/2027)' })).toBeInTheDocument();
    const outward = screen.getByRole('region', { name: 'Outward (12/06/2027)' });
    const back = screen.getByRole('region', { name: 'Return (19/06/2027)' });
    expect(within(outward).getByRole('img', { name: 'Ferry' })).toBeInTheDocument();
    expect(within(back).getByRole('img', { name: 'Ferry' })).toBeInTheDocument();
    expect(screen.getByText('Booking reference: FHN3KX8W')).toBeInTheDocument();
  });

  it('lets the traveller reveal intermediate stops inside the panel', async () => {
    const user = userEvent.setup();
    render(<SelectedJourney details={detailsOf('instant')} stations={STATIONS} />);
    const outward = screen.getByRole('region', { name: 'Outward (16/01/2027)' });
    await user.click(within(outward).getByRole('button', { name: '3 intermediate stops' }));
    expect(within(outward).getByRole('button', { name: 'Peterborough' })).toBeVisible();
    expect(within(outward).getByRole('button', { name: 'Doncaster' })).toBeVisible();
  });

  it('shows Unknown for station codes missing from the map', () => {
    render(<SelectedJourney details={detailsOf('instant')} stations={{ KGX: 'London Kings Cross' }} />);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Selected Journey: London Kings Cross to Unknown' }),
    ).toBeInTheDocument();
  });

  it('shows a clear message instead of crashing when the outbound journey has no legs', () => {
    const { container } = render(
      <SelectedJourney
        details={detailsOf('instant', { JourneyPlannerResults: { outboundJourneys: [{ legs: [] }] } })}
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
        details={detailsOf('instant', { JourneyPlannerResults: { outboundJourneys: [] } })}
        stations={STATIONS}
      />,
    );
    expect(screen.getByText('Journey details are not available for this booking.')).toBeInTheDocument();
    rerender(
      <SelectedJourney
        details={detailsOf('instant', {
          JourneyPlannerResults: { outboundJourneys: [{ legs: [{ legRecordID: 404 }] }] },
        })}
        stations={STATIONS}
      />,
    );
    expect(screen.getByText('Journey details are not available for this booking.')).toBeInTheDocument();
  });

  it('renders server text as text', () => {
    const details = detailsOf('instant', { bookingReference: '<script>alert(1)</script>' });
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
    render(<SelectedJourney details={detailsOf('instant')} stations={STATIONS} showHeading={false} />);
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Outward (16/01/2027)' })).toBeInTheDocument();
  });
});

describe('selectedJourneyTitle', () => {
  it('names the outward ends, or says only "Selected Journey" without legs', () => {
    expect(selectedJourneyTitle(detailsOf('instant'), STATIONS)).toBe(
      'Selected Journey: London Kings Cross to Edinburgh',
    );
    expect(selectedJourneyTitle(detailsOf('instant-ship'), STATIONS)).toBe(
      'Selected Journey: London Waterloo to Yarmouth (Isle of Wight)',
    );
    expect(selectedJourneyTitle({ bookingReference: 'KXB7HT2N' } as Details, STATIONS)).toBe('Selected Journey');
  });
});
