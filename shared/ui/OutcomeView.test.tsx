import { render, screen } from '@testing-library/react';
import { OutcomeView } from './OutcomeView';

describe('OutcomeView', () => {
  it('names the outcome in a heading that takes focus, then shows what follows and a link to start again', () => {
    const { container } = render(
      <OutcomeView
        idBase="rw-test-finished-heading"
        className="rw-test__finished"
        heading="Claim submitted"
        startUrl="/Start?from=claim&x=1"
        startAgainText="Start again"
      >
        <p>We will check your photos.</p>
      </OutcomeView>,
    );
    const heading = screen.getByRole('heading', { level: 2, name: 'Claim submitted' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveClass('rw-heading');
    expect(screen.getByRole('region', { name: 'Claim submitted' })).toHaveClass('rw-test__finished');
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', '/Start?from=claim&x=1');
    // What follows comes before the link.
    expect(Array.from(container.querySelectorAll('section > *')).map((node) => node.textContent)).toEqual([
      'Claim submitted',
      'We will check your photos.',
      'Start again',
    ]);
    expect(container.firstChild).toMatchSnapshot();
  });

  it('puts the receipt line first under the heading, as a <time>, and adds it to the heading’s announcement', () => {
    const { container } = render(
      <OutcomeView
        idBase="rw-test-finished-heading"
        className="rw-test__finished"
        heading="Claim submitted"
        startUrl="/"
        startAgainText="Start again"
        receipt={{ text: 'Claim submitted on 25/11/2026 at 14:05 (UK time).', dateTime: '2026-11-25T14:05:00+00:00' }}
      >
        <p>We will check your photos.</p>
      </OutcomeView>,
    );
    const heading = screen.getByRole('heading', { level: 2, name: 'Claim submitted' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAccessibleDescription('Claim submitted on 25/11/2026 at 14:05 (UK time).');
    const time = container.querySelector('section > p:first-of-type > time');
    expect(time).toHaveTextContent('Claim submitted on 25/11/2026 at 14:05 (UK time).');
    expect(time).toHaveAttribute('datetime', '2026-11-25T14:05:00+00:00');
    expect(Array.from(container.querySelectorAll('section > *')).map((node) => node.textContent)).toEqual([
      'Claim submitted',
      'Claim submitted on 25/11/2026 at 14:05 (UK time).',
      'We will check your photos.',
      'Start again',
    ]);
  });

  it('without a receipt, the heading has no description', () => {
    render(<OutcomeView idBase="rw-x" className="rw-x" heading="Done" startUrl="/" startAgainText="Start again" />);
    expect(screen.getByRole('heading', { name: 'Done' })).not.toHaveAttribute('aria-describedby');
  });
});
