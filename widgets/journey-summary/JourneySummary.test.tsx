import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STATIONS, detailsOf, withoutReturn } from '../../test/journeys';
import { JourneySummary } from './JourneySummary';

const TITLE = 'Selected Journey: London Kings Cross to Edinburgh';

describe('JourneySummary', () => {
  it('shows the selected journey, open, under one heading', () => {
    const { container } = render(<JourneySummary details={detailsOf()} stations={STATIONS} />);

    const toggle = screen.getByRole('button', { name: TITLE });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('heading', { name: TITLE })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: TITLE })).toContainElement(toggle);

    const panel = screen.getByRole('region', { name: TITLE });
    expect(within(panel).getByRole('heading', { level: 3, name: 'Outward (16/01/2027)' })).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { level: 3, name: 'Return (23/01/2027)' })).toBeInTheDocument();
    expect(within(panel).getByText('Booking reference: KXB7HT2N')).toBeInTheDocument();
    // The widget's snapshots, one region each: its frame and heading, the open panel's frame,
    // the first outward stop (the journey's own markup is snapshotted in shared/journey).
    expect(container.firstChild).toHaveClass('rw-journey-summary');
    expect(screen.getByRole('heading', { level: 2, name: TITLE })).toMatchSnapshot('heading and toggle');
    expect(panel.cloneNode(false)).toMatchSnapshot('panel frame');
    const outward = within(panel).getByRole('region', { name: 'Outward (16/01/2027)' });
    expect(outward.querySelector('.rw-stop--first')).toMatchSnapshot('first outward stop');
  });

  it('folds away and opens again', async () => {
    const user = userEvent.setup();
    render(<JourneySummary details={withoutReturn()} stations={STATIONS} />);
    const toggle = screen.getByRole('button', { name: TITLE });

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Booking reference: KXB7HT2N')).not.toBeVisible();

    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Booking reference: KXB7HT2N')).toBeVisible();
    expect(screen.queryByText(/^Return/)).not.toBeInTheDocument();
  });

  it('reveals intermediate stops per leg', async () => {
    const user = userEvent.setup();
    render(<JourneySummary details={detailsOf()} stations={STATIONS} />);
    // Outward: Kings Cross → York (Stevenage, Peterborough, Doncaster), York → Edinburgh (… Newcastle …).
    const out = screen.getByRole('region', { name: 'Outward (16/01/2027)' });
    await user.click(within(out).getByRole('button', { name: '3 intermediate stops' }));
    expect(within(out).getByRole('button', { name: 'Peterborough' })).toBeVisible();
    expect(within(out).queryByRole('button', { name: 'Newcastle' })).not.toBeInTheDocument();
  });

  it('says so when the booking has no outward legs', () => {
    render(
      <JourneySummary
        details={detailsOf('instant', { JourneyPlannerResults: { outboundJourneys: [] } })}
        stations={STATIONS}
      />,
    );
    expect(screen.getByRole('button', { name: 'Selected Journey' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Journey details are not available for this booking.')).toBeVisible();
  });
});
