import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Accordion } from './Accordion';

function renderAccordion(props: Partial<Parameters<typeof Accordion>[0]> = {}) {
  return render(
    <Accordion title="Refund without replacement" {...props}>
      <p>You will receive £142.50</p>
    </Accordion>,
  );
}

describe('Accordion', () => {
  it('is collapsed by default, with a + icon and its content hidden', () => {
    const { container } = renderAccordion({ id: 'refund-accordion' });
    const button = screen.getByRole('button', { name: 'Refund without replacement' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('+')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.getByText('You will receive £142.50')).not.toBeVisible();
    expect(container.firstChild).toMatchSnapshot();
  });

  it('starts shown when told to, with a − icon', () => {
    const { container } = renderAccordion({ id: 'refund-accordion', startShown: true });
    expect(screen.getByRole('button', { name: 'Refund without replacement' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('−')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('region', { name: 'Refund without replacement' })).toHaveTextContent(
      'You will receive £142.50',
    );
    expect(container.firstChild).toMatchSnapshot();
  });

  it('opens and closes when the header is clicked', async () => {
    const user = userEvent.setup();
    renderAccordion();
    const button = screen.getByRole('button', { name: 'Refund without replacement' });

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('You will receive £142.50')).toBeVisible();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('You will receive £142.50')).not.toBeVisible();
  });

  it('toggles with the Enter key', async () => {
    const user = userEvent.setup();
    renderAccordion();
    await user.tab();
    const button = screen.getByRole('button', { name: 'Refund without replacement' });
    expect(button).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('You will receive £142.50')).toBeVisible();

    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('toggles with the Space key', async () => {
    const user = userEvent.setup();
    renderAccordion();
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Refund without replacement' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('links the button and the panel by id, using the given id', () => {
    renderAccordion({ id: 'refund-accordion', startShown: true });
    const button = screen.getByRole('button', { name: 'Refund without replacement' });
    expect(button).toHaveAttribute('id', 'refund-accordion-button');
    expect(button).toHaveAttribute('aria-controls', 'refund-accordion-panel');
    expect(screen.getByRole('region')).toHaveAttribute('id', 'refund-accordion-panel');
    expect(screen.getByRole('region')).toHaveAttribute('aria-labelledby', 'refund-accordion-button');
  });

  it('makes unique ids when none is given', () => {
    render(
      <>
        <Accordion title="First">one</Accordion>
        <Accordion title="Second">two</Accordion>
      </>,
    );
    const [first, second] = screen.getAllByRole('button');
    expect(first.getAttribute('aria-controls')).not.toBe(second.getAttribute('aria-controls'));
    expect(document.getElementById(first.getAttribute('aria-controls') as string)).toHaveTextContent('one');
  });

  it('wraps the button in a heading of the given level (default 3)', () => {
    const { unmount } = renderAccordion();
    expect(screen.getByRole('heading', { level: 3, name: 'Refund without replacement' })).toBeInTheDocument();
    unmount();
    renderAccordion({ headingLevel: 2 });
    expect(screen.getByRole('heading', { level: 2, name: 'Refund without replacement' })).toBeInTheDocument();
  });

  it('keeps its content mounted while collapsed, so state inside survives', async () => {
    const user = userEvent.setup();
    render(
      <Accordion title="Provide replacement journey" startShown>
        <label>
          Booking reference
          <input />
        </label>
      </Accordion>,
    );
    await user.type(screen.getByLabelText('Booking reference'), 'KXB7HT2N');
    const button = screen.getByRole('button', { name: 'Provide replacement journey' });
    await user.click(button);
    await user.click(button);
    expect(screen.getByLabelText('Booking reference')).toHaveValue('KXB7HT2N');
  });
});
