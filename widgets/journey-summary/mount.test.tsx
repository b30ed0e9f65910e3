import { screen } from '@testing-library/react';
import { captureConsoleErrors } from '../../test/console';
import { mountOnHostPage } from '../../test/hostPage';
import { detailsOf, STATIONS } from '../../test/journeys';
import { mount } from './mount';

test('mounts by id from the page data and shows the selected journey', () => {
  mountOnHostPage(mount, { mountId: 'journey-summary-widget', details: detailsOf(), stations: STATIONS });
  expect(screen.getByRole('button', { name: /^Selected Journey: / })).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByText(/^Booking reference: /)).toBeInTheDocument();
});

test('absent Details shows "Missing JSON data from DOM"', () => {
  const logged = captureConsoleErrors();
  const { element } = mountOnHostPage(mount, { mountId: 'journey-summary-widget', details: null, stations: STATIONS });
  expect(element).toHaveTextContent('Missing JSON data from DOM');
  expect(logged()).toEqual([
    'refund-widgets: widget "journeySummary", mount #journey-summary-widget: No element with id "refund-details" on the page',
  ]);
});
