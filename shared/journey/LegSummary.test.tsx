import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPTY_STOP_TIME } from '../page/schemas';
import type { Details, LegRecord } from '../types';
import { buildLegs, firstOutbound } from './buildJourney';
import { LegSummary, intermediateStopsText } from './LegSummary';
import { STATIONS, detailsOf, type BookingState } from '../../test/journeys';

/** The legs of a fixture state's first outbound journey (fixtures/bookings.json). */
function outwardLegsOf(state: BookingState) {
  const details = detailsOf(state);
  return buildLegs(details, firstOutbound(details));
}

/** The leg record `legRecordID` of `details`, to change in place. */
function legRecord(details: Details, legRecordID: number): LegRecord {
  const record = details.JourneyPlannerResults.legRecords.find((leg) => leg.legRecordID === legRecordID);
  if (record === undefined) throw new Error(`no leg record ${legRecordID}`);
  return record;
}

// `instant` (KXB7HT2N): London Kings Cross 08:00 → York 09:52 (3 intermediate stops), York 10:10 →
// Edinburgh 12:45 (4 intermediate stops) on 16/01/2027; return Edinburgh → London Kings Cross.
const outwardLegs = outwardLegsOf('instant');

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
    render(<LegSummary label="Outward (16/01/2027)" legs={outwardLegs} stations={STATIONS} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Outward (16/01/2027)' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Outward (16/01/2027)' })).toBeInTheDocument();
  });

  it('shows only the first and last stops of each train leg by default', () => {
    const { container } = render(<LegSummary label="Outward (16/01/2027)" legs={outwardLegs} stations={STATIONS} />);
    const [toYork, toEdinburgh] = legItems();
    expect(linesOf(toYork)).toEqual(['08:00 London Kings Cross', '3 intermediate stops', '09:52 York']);
    expect(linesOf(toEdinburgh)).toEqual(['10:10 York', '4 intermediate stops', '12:45 Edinburgh']);
    expect(screen.getByText('Peterborough')).not.toBeVisible();
    expect(screen.queryByRole('button', { name: 'Peterborough' })).not.toBeInTheDocument();
    // One small snapshot per region: the label, a leg's first stop, its folded line and last stop.
    expect(container.querySelector('.rw-leg-summary__label')).toMatchSnapshot('label');
    expect(toYork.querySelector('.rw-stop--first')).toMatchSnapshot('first stop');
    expect(within(toYork).getByRole('button', { name: '3 intermediate stops' })).toMatchSnapshot('folded line');
    expect(toYork.querySelector('.rw-stop--last')).toMatchSnapshot('last stop');
  });

  it('reveals the intermediate stops of one leg when its line is clicked, and hides them when a station is clicked', async () => {
    const user = userEvent.setup();
    const { container } = render(<LegSummary label="Outward (16/01/2027)" legs={outwardLegs} stations={STATIONS} />);
    const toggle = screen.getByRole('button', { name: '3 intermediate stops' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const [toYork, toEdinburgh] = legItems();
    expect(linesOf(toYork)).toEqual([
      '08:00 London Kings Cross',
      '3 intermediate stops',
      '08:20 Stevenage',
      '08:46 Peterborough',
      '09:31 Doncaster',
      '09:52 York',
    ]);
    // State is per leg: the other leg stays collapsed.
    expect(linesOf(toEdinburgh)).toEqual(['10:10 York', '4 intermediate stops', '12:45 Edinburgh']);
    expect(screen.getByRole('button', { name: '4 intermediate stops' })).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toMatchSnapshot('open line');
    expect(screen.getByRole('button', { name: 'Peterborough' }).closest('li')).toMatchSnapshot('intermediate stop');
    expect(container.querySelector(`#${toggle.getAttribute('aria-controls')} + [hidden]`)).toMatchSnapshot('hint');

    await user.click(screen.getByRole('button', { name: 'Doncaster' }));

    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Doncaster')).not.toBeVisible();
    expect(linesOf(toYork)).toEqual(['08:00 London Kings Cross', '3 intermediate stops', '09:52 York']);
    expect(toggle).toHaveFocus();
  });

  it('hides the intermediate stops again when the line is clicked a second time', async () => {
    const user = userEvent.setup();
    render(<LegSummary label="Outward (16/01/2027)" legs={outwardLegs} stations={STATIONS} />);
    const toggle = screen.getByRole('button', { name: '4 intermediate stops' });
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Newcastle' })).toBeVisible();
    await user.click(toggle);
    expect(screen.queryByRole('button', { name: 'Newcastle' })).not.toBeInTheDocument();
  });

  it('works from the keyboard and describes what a station button does', async () => {
    const user = userEvent.setup();
    render(<LegSummary label="Outward (16/01/2027)" legs={outwardLegs} stations={STATIONS} />);
    await user.tab();
    expect(screen.getByRole('button', { name: '3 intermediate stops' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const stevenage = screen.getByRole('button', { name: 'Stevenage' });
    expect(stevenage).toHaveAccessibleDescription('Select a station to hide the intermediate stops');
    await user.tab();
    expect(stevenage).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('button', { name: 'Stevenage' })).not.toBeInTheDocument();
  });

  it('shows legs without a train record with "Travel via", the mode icon and the lower-cased mode', () => {
    const { container } = render(
      <>
        <LegSummary label="Outward (06/02/2027)" legs={outwardLegsOf('instant-tube')} stations={STATIONS} />
        <LegSummary label="Outward (07/03/2027)" legs={outwardLegsOf('instant-bus')} stations={STATIONS} />
      </>,
    );
    const [toKingsCross, tube, toMiltonKeynes, toEly, bus] = legItems();
    expect(linesOf(toKingsCross)).toEqual(['07:29 Doncaster', '2 intermediate stops', '09:05 London Kings Cross']);
    expect(linesOf(tube)).toEqual(['09:20 London Kings Cross', 'Travel via tube', '09:31 London Euston']);
    expect(within(tube).getByText('Travel via')).toBeInTheDocument();
    expect(within(tube).getByText('tube')).toBeInTheDocument();
    expect(within(tube).getByRole('img', { name: 'Tube roundel' })).toBeInTheDocument();
    expect(linesOf(toMiltonKeynes)).toEqual([
      '09:43 London Euston',
      '1 intermediate stop',
      '10:17 Milton Keynes Central',
    ]);
    expect(linesOf(toEly)).toEqual(['09:12 London Kings Cross', '6 intermediate stops', '10:24 Ely']);
    expect(linesOf(bus)).toEqual(['10:40 Ely', 'Travel via bus', '12:05 Norwich']);
    expect(within(bus).getByRole('img', { name: 'Rail replacement bus' })).toBeInTheDocument();
    expect(container.querySelectorAll('.rw-leg__via')).toHaveLength(2);
    expect(bus.querySelector('.rw-leg__via')).toMatchSnapshot('bus: travel via');
    expect(tube.querySelector('.rw-leg__via')).toMatchSnapshot('tube: travel via');
  });

  it('shows a two-stop train without an intermediate line', () => {
    // `zero-value` (CXL3TR5J): York 14:00 → Doncaster 14:21, no stop between.
    render(<LegSummary label="Outward (30/01/2027)" legs={outwardLegsOf('zero-value')} stations={STATIONS} />);
    const [train] = legItems();
    expect(linesOf(train)).toEqual(['14:00 York', '14:21 Doncaster']);
    expect(within(train).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a ferry leg', () => {
    // `instant-ship` (FHN3KX8W): London Waterloo → Brockenhurst → Lymington Pier by train, then the ferry.
    render(<LegSummary label="Outward (12/06/2027)" legs={outwardLegsOf('instant-ship')} stations={STATIONS} />);
    const [, toLymington, ship] = legItems();
    expect(linesOf(toLymington)).toEqual(['10:14 Brockenhurst', '1 intermediate stop', '10:26 Lymington Pier']);
    expect(linesOf(ship)).toEqual(['10:45 Lymington Pier', 'Travel via ship', '11:25 Yarmouth (Isle of Wight)']);
    expect(within(ship).getByRole('img', { name: 'Ferry' })).toBeInTheDocument();
  });

  it('shows a train leg whose record is missing as "Travel via" with the rail logo', () => {
    // `instant` with its London Kings Cross → York leg naming a train record the Details lack.
    const details = detailsOf('instant');
    legRecord(details, 102).trainRecordID = 999;
    const legs = buildLegs(details, { legs: [{ legRecordID: 102 }] });
    render(<LegSummary label="Outward (16/01/2027)" legs={legs} stations={STATIONS} />);
    expect(linesOf(legItems()[0])).toEqual(['08:00 London Kings Cross', 'Travel via train', '09:52 York']);
    expect(screen.getByRole('img', { name: 'Rail double arrow logo' })).toBeInTheDocument();
  });

  it('shows Unknown for unknown station codes, an unknown mode without an icon, and no time for an empty date', () => {
    // `instant`'s London Kings Cross → York leg, from an unknown station, walked, with no arrival time.
    const details = detailsOf('instant');
    Object.assign(legRecord(details, 102), {
      originCRS: 'XXX',
      mode: 'WALK',
      trainRecordID: null,
      destinationArriveTime: EMPTY_STOP_TIME,
    });
    const legs = buildLegs(details, { legs: [{ legRecordID: 102 }] });
    render(<LegSummary label="Outward" legs={legs} stations={STATIONS} />);
    expect(linesOf(legItems()[0])).toEqual(['08:00 Unknown', 'Travel via walk', 'York']);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('renders station names from the server as text, never as HTML', () => {
    render(
      <LegSummary
        label="<b>Outward</b>"
        legs={outwardLegsOf('instant-ship')}
        stations={{ ...STATIONS, WAT: '<img src=x onerror=alert(1)>' }}
      />,
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
    render(<LegSummary label="Outward (16/01/2027)" legs={outwardLegs} stations={STATIONS} headingLevel={4} />);
    expect(screen.getByRole('heading', { level: 4, name: 'Outward (16/01/2027)' })).toBeInTheDocument();
  });
});

describe('intermediateStopsText', () => {
  it('says "1 intermediate stop" or "N intermediate stops"', () => {
    expect(intermediateStopsText(1)).toBe('1 intermediate stop');
    expect(intermediateStopsText(2)).toBe('2 intermediate stops');
    expect(intermediateStopsText(11)).toBe('11 intermediate stops');
  });
});
