// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The start page (docs/demo-bookings.md): the demo bookings, then the replacement bookings of
 * fixtures/lookups.json to type into "Provide replacement journey"; every cell names its column in
 * `data-label` (narrow screens show each row as a card); it says "email", never "e-mail".
 */
const bookings = require('../fixtures/bookings.json');
const lookups = require('../fixtures/lookups.json');
const views = require('./views');
const { useTestHosts } = require('./testing');

const { start } = useTestHosts();

/** The rows of the table after the `<h2>` whose id is `id`, each as its cells' `[data-label, text]`. */
function tableAfter(html, id) {
  const section = html.slice(html.indexOf(`<h2 id="${id}">`));
  const table = section.slice(section.indexOf('<tbody>'), section.indexOf('</tbody>'));
  return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(([, row]) =>
    [...row.matchAll(/<td data-label="([^"]*)">([\s\S]*?)<\/td>/g)].map(([, label, cell]) => [
      label,
      cell
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ]),
  );
}

describe('the start page', () => {
  it('lists the four replacement bookings with their reference, email and what the picker shows', () => {
    const html = views.startPage({ bookings, lookups });
    expect(html).toContain(
      '<h2 id="replacement-bookings">Replacement bookings (type these into Provide replacement journey)</h2>',
    );
    expect(html).toContain('aria-label="Replacement bookings table"');
    expect(tableAfter(html, 'replacement-bookings')).toEqual([
      [
        ['Replacement booking', 'candidates'],
        ['Reference', 'WRT3FG4H'],
        ['Email', 'replacement.booking@example.com'],
        [
          'What the picker shows',
          '&quot;Confirm replacement&quot; with two journeys (a direct single; a return with a change and a bus leg)',
        ],
      ],
      [
        ['Replacement booking', 'rejected'],
        ['Reference', 'KLX4BN7C'],
        ['Email', 'rejected.replacement@example.com'],
        [
          'What the picker shows',
          '&quot;Unable to use this journey: the replacement was booked after your original departure time&quot;',
        ],
      ],
      [
        ['Replacement booking', 'no-eligible'],
        ['Reference', 'BNX5TW8K'],
        ['Email', 'too.late@example.com'],
        [
          'What the picker shows',
          '&quot;No matching eligible journeys. Journeys must have been purchased prior to …&quot;',
        ],
      ],
      [
        ['Replacement booking', 'lookup-error'],
        ['Reference', 'FHC9GR2W'],
        ['Email', 'lookup.error@example.com'],
        ['What the picker shows', '&quot;Lookup failed&quot; with the server&#39;s text (HTTP 503)'],
      ],
    ]);
  });

  it('a replacement booking the page has no words for shows its label', () => {
    const html = views.startPage({
      bookings,
      lookups: { other: { label: 'Another <lookup>', bookingReference: 'ZZZ', email: 'z@example.com', answer: [] } },
    });
    expect(tableAfter(html, 'replacement-bookings')[0]).toEqual([
      ['Replacement booking', 'other'],
      ['Reference', 'ZZZ'],
      ['Email', 'z@example.com'],
      ['What the picker shows', 'Another &lt;lookup&gt;'],
    ]);
  });

  it('every demo booking cell names its column, and the links stay in the Pages cell', () => {
    const rows = tableAfter(views.startPage({ bookings, lookups }), 'demo-bookings');
    expect(rows).toHaveLength(Object.keys(bookings).length);
    for (const row of rows) {
      expect(row.map(([label]) => label)).toEqual(['Booking', 'Reference', 'Email', 'Expected', 'Pages']);
      expect(row[4][1]).toBe('Refund page Journey Unavailable page Two widgets Disruption');
    }
    expect(rows[0][1]).toEqual(['Reference', bookings[Object.keys(bookings)[0]].bookingReference]);
  });

  it('says "email", never "e-mail", and the dev host passes it the fixture lookups', async () => {
    const server = await start();
    const html = await (await fetch(server.url)).text();
    expect(html).not.toMatch(/e-mail/i);
    expect(html).toContain('You will need your booking reference and the email\naddress you booked with.');
    expect(html).toContain('<th scope="col">Email</th>');
    expect(tableAfter(html, 'replacement-bookings').map((row) => row[1][1])).toEqual(
      Object.values(lookups).map((lookup) => lookup.bookingReference),
    );
  });
});
