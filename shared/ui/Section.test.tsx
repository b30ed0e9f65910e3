import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Section } from './Section';

describe('Section', () => {
  it('is a region named by its heading (class rw-heading), whose id is made unique from the base', () => {
    const { container } = render(
      <>
        <Section idBase="rw-test-heading" className="rw-test" heading="Refund unavailable">
          <p>Why</p>
        </Section>
        <Section idBase="rw-test-heading" className="rw-test" heading="Refund unavailable" />
      </>,
    );
    const [first, second] = screen.getAllByRole('region', { name: 'Refund unavailable' });
    const heading = screen.getAllByRole('heading', { level: 2, name: 'Refund unavailable' })[0];
    expect(first).toHaveClass('rw-test');
    expect(heading).toHaveClass('rw-heading');
    expect(heading.id).toMatch(/^rw-test-heading-[a-zA-Z0-9_-]+$/);
    expect(first).toHaveAttribute('aria-labelledby', heading.id);
    expect(second.getAttribute('aria-labelledby')).not.toBe(heading.id);
    expect(first).toHaveTextContent('Why');
    expect(heading).not.toHaveAttribute('tabindex');
    expect(container.firstChild).toMatchSnapshot();
  });

  it('uses the given heading level and class', () => {
    render(
      <Section
        idBase="rw-test"
        className="rw-test"
        heading="Tickets we expect to see"
        headingClassName="x"
        headingLevel={3}
      />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Tickets we expect to see' })).toHaveClass('x', {
      exact: true,
    });
    expect(screen.getByRole('region', { name: 'Tickets we expect to see' })).toBeInTheDocument();
  });

  it('gives its heading focus when it first renders, if told to, and not again on a later render', async () => {
    const user = userEvent.setup();
    function Outcome() {
      const [count, setCount] = useState(0);
      return (
        <Section idBase="rw-test" className="rw-test" heading="Claim submitted" headingClassName="x" focusHeading>
          <button type="button" onClick={() => setCount(count + 1)}>
            Pressed {count}
          </button>
        </Section>
      );
    }
    render(<Outcome />);
    const heading = screen.getByRole('heading', { name: 'Claim submitted' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
    await user.click(screen.getByRole('button', { name: 'Pressed 0' }));
    expect(screen.getByRole('button', { name: 'Pressed 1' })).toHaveFocus();
  });

  it('leaves focus where it is without focusHeading', () => {
    render(
      <>
        <button type="button">Before</button>
        <Section idBase="rw-test" className="rw-test" heading="Refund unavailable" headingClassName="x" />
      </>,
    );
    expect(document.body).toHaveFocus();
  });
});
