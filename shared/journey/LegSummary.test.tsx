import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildLegs, firstOutbound, firstReturn } from './buildJourney';
import { LegSummary, intermediateStopsText } from './LegSummary';
import { STATIONS, buildDetails, buildFerryDetails, buildLeg } from '../../test/journeyBuilders';

const details = buildDetails();
const outwardLegs = buildLegs(details, firstOutbound(details));
const returnLegs = buildLegs(details, firstReturn(details));

/** The visible text of each line of a leg (stops, toggles, 'Travel via' lines). */
function linesOf(leg: HTMLElement): string[] {
  return Array.from(leg.querySelectorAll<HTMLElement>('.rw-stop, .rw-leg__toggle, .rw-leg__via'))
    .filter((line) => !line.closest('[hidden]'))
    .map((line) => (line.textContent ?? '').replace(/\s+/g, ' ').trim());
}

function legItems(): HTMLElement[] {
  return screen.getAllByRole('listitem').filter((item) => item.classList.contains('rw-leg'));
}

describe('LegSummary', () => {
  it('shows the label as a heading and names the section with it', () => {
    render(<LegSummary label="Outward (14/03/2026)" legs={outwardLegs} stations={STATIONS} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Outward (14/03/2026)' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Outward (14/03/2026)' })).toBeInTheDocument();
  });

  it('shows only the first and last stops of each train leg by default', () => {
    const { container } = render(<LegSummary label="Outward (14/03/2026)" legs={outwardLegs} stations={STATIONS} />);
    const [toYork, toEdinburgh] = legItems();
    expect(linesOf(toYork)).toEqual(['08:00 London Kings Cross', '2 intermediate stops', '09:52 York']);
    expect(linesOf(toEdinburgh)).toEqual(['10:10 York', '1 intermediate stop', '12:45 Edinburgh']);
    expect(screen.getByText('Peterborough')).not.toBeVisible();
    expect(screen.queryByRole('button', { name: 'Peterborough' })).not.toBeInTheDocument();
    // One small snapshot per region: the label, a leg's first stop, its folded line and last stop.
    expect(container.querySelector('.rw-leg-summary__label')).toMatchSnapshot('label');
    expect(toYork.querySelector('.rw-stop--first')).toMatchSnapshot('first stop');
    expect(within(toYork).getByRole('button', { name: '2 intermediate stops' })).toMatchSnapshot('folded line');
    expect(toYork.querySelector('.rw-stop--last')).toMatchSnapshot('last stop');
  });

  it('reveals the intermediate stops of one leg when its line is clicked, and hides them when a station is clicked', async () => {
    const user = userEvent.setup();
    const { container } = render(<LegSummary label="Outward (14/03/2026)" legs={outwardLegs} stations={STATIONS} />);
    const toggle = screen.getByRole('button', { name: '2 intermediate stops' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const [toYork, toEdinburgh] = legItems();
    expect(linesOf(toYork)).toEqual([
      '08:00 London Kings Cross',
      '2 intermediate stops',
      '08:46 Peterborough',
      '09:26 Doncaster',
      '09:52 York',
    ]);
    // State is per leg: the other leg stays collapsed.
    expect(linesOf(toEdinburgh)).toEqual(['10:10 York', '1 intermediate stop', '12:45 Edinburgh']);
    expect(screen.getByRole('button', { name: '1 intermediate stop' })).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toMatchSnapshot('open line');
    expect(screen.getByRole('button', { name: 'Peterborough' }).closest('li')).toMatchSnapshot('intermediate stop');
    expect(container.querySelector(`#${toggle.getAttribute('aria-controls')} + [hidden]`)).toMatchSnapshot('hint');

    await user.click(screen.getByRole('button', { name: 'Doncaster' }));

    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Doncaster')).not.toBeVisible();
    expect(linesOf(toYork)).toEqual(['08:00 London Kings Cross', '2 intermediate stops', '09:52 York']);
    expect(toggle).toHaveFocus();
  });

  it('hides the intermediate stops again when the line is clicked a second time', async () => {
    const user = userEvent.setup();
    render(<LegSummary label="Outward (14/03/2026)" legs={outwardLegs} stations={STATIONS} />);
    const toggle = screen.getByRole('button', { name: '1 intermediate stop' });
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Newcastle' })).toBeVisible();
    await user.click(toggle);
    expect(screen.queryByRole('button', { name: 'Newcastle' })).not.toBeInTheDocument();
  });

  it('works from the keyboard and describes what a station button does', async () => {
    const user = userEvent.setup();
    render(<LegSummary label="Outward (14/03/2026)" legs={outwardLegs} stations={STATIONS} />);
    await user.tab();
    expect(screen.getByRole('button', { name: '2 intermediate stops' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const peterborough = screen.getByRole('button', { name: 'Peterborough' });
    expect(peterborough).toHaveAccessibleDescription('Select a station to hide the intermediate stops');
    await user.tab();
    expect(peterborough).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('button', { name: 'Peterborough' })).not.toBeInTheDocument();
  });

  it('shows legs without a train record with "Travel via", the mode icon and the lower-cased mode', () => {
    const { container } = render(<LegSummary label="Return (21/03/2026)" legs={returnLegs} stations={STATIONS} />);
    const [fromEdinburgh, bus, toKingsCross, tube] = legItems();
    expect(linesOf(fromEdinburgh)).toEqual(['16:00 Edinburgh', '1 intermediate stop', '18:30 York']);
    expect(linesOf(bus)).toEqual(['18:45 York', 'Travel via bus', '19:40 Doncaster']);
    expect(within(bus).getByRole('img', { name: 'Rail replacement bus' })).toBeInTheDocument();
    expect(linesOf(toKingsCross)).toEqual(['19:55 Doncaster', '1 intermediate stop', '21:40 London Kings Cross']);
    expect(linesOf(tube)).toEqual(['21:50 London Kings Cross', 'Travel via tube', '22:00 London Euston']);
    expect(within(tube).getByText('Travel via')).toBeInTheDocument();
    expect(within(tube).getByText('tube')).toBeInTheDocument();
    expect(within(tube).getByRole('img', { name: 'Tube roundel' })).toBeInTheDocument();
    expect(container.querySelectorAll('.rw-leg__via')).toHaveLength(2);
    expect(bus.querySelector('.rw-leg__via')).toMatchSnapshot('bus: travel via');
    expect(tube.querySelector('.rw-leg__via')).toMatchSnapshot('tube: travel via');
  });

  it('shows a two-stop train without an intermediate line, and a ferry leg', () => {
    const ferry = buildFerryDetails();
    render(
      <LegSummary label="Outward (04/07/2026)" legs={buildLegs(ferry, firstOutbound(ferry))} stations={STATIONS} />,
    );
    const [train, ship] = legItems();
    expect(linesOf(train)).toEqual(['09:00 London Waterloo', '10:35 Portsmouth Harbour']);
    expect(within(train).queryByRole('button')).not.toBeInTheDocument();
    expect(linesOf(ship)).toEqual(['10:45 Portsmouth Harbour', 'Travel via ship', '11:07 Ryde Pier Head']);
    expect(within(ship).getByRole('img', { name: 'Ferry' })).toBeInTheDocument();
  });

  it('shows a train leg whose record is missing as "Travel via" with the rail logo', () => {
    const legs = buildLegs(
      buildDetails({
        JourneyPlannerResults: {
          outboundJourneys: [{ legs: [{ legRecordID: 1 }] }],
          legRecords: [buildLeg({ legRecordID: 1, trainRecordID: 999 })],
        },
      }),
      { legs: [{ legRecordID: 1 }] },
    );
    render(<LegSummary label="Outward (14/03/2026)" legs={legs} stations={STATIONS} />);
    expect(linesOf(legItems()[0])).toEqual(['08:00 London Kings Cross', 'Travel via train', '09:52 York']);
    expect(screen.getByRole('img', { name: 'Rail double arrow logo' })).toBeInTheDocument();
  });

  it('shows Unknown for unknown station codes, an unknown mode without an icon, and no time for an empty date', () => {
    const legs = buildLegs(
      buildDetails({
        JourneyPlannerResults: {
          outboundJourneys: [{ legs: [{ legRecordID: 1 }] }],
          legRecords: [
            buildLeg({
              legRecordID: 1,
              originCRS: 'XXX',
              destinationCRS: 'KGX',
              mode: 'WALK',
              destinationArriveTime: '0001-01-01T00:00:00',
            }),
          ],
        },
      }),
      { legs: [{ legRecordID: 1 }] },
    );
    render(<LegSummary label="Outward" legs={legs} stations={STATIONS} />);
    expect(linesOf(legItems()[0])).toEqual(['08:00 Unknown', 'Travel via walk', 'London Kings Cross']);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('renders station names from the server as text, never as HTML', () => {
    const legs = buildLegs(buildFerryDetails(), firstOutbound(buildFerryDetails()));
    render(
      <LegSummary label="<b>Outward</b>" legs={legs} stations={{ ...STATIONS, WAT: '<img src=x onerror=alert(1)>' }} />,
    );
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '<b>Outward</b>' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: '' })).not.toBeInTheDocument();
  });

  it('says so when there are no legs', () => {
    render(<LegSummary label="Outward" legs={[]} stations={STATIONS} />);
    expect(screen.getByText('Journey details are not available for this booking.')).toBeInTheDocument();
  });

  it('uses the given heading level', () => {
    render(<LegSummary label="Outward (14/03/2026)" legs={outwardLegs} stations={STATIONS} headingLevel={4} />);
    expect(screen.getByRole('heading', { level: 4, name: 'Outward (14/03/2026)' })).toBeInTheDocument();
  });
});

describe('intermediateStopsText', () => {
  it('says "1 intermediate stop" or "N intermediate stops"', () => {
    expect(intermediateStopsText(1)).toBe('1 intermediate stop');
    expect(intermediateStopsText(2)).toBe('2 intermediate stops');
    expect(intermediateStopsText(11)).toBe('11 intermediate stops');
  });
});
