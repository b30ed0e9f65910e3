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
});
