import { render, screen } from '@testing-library/react';
import { AmountLines } from './AmountLines';

describe('AmountLines', () => {
  it('shows each name with its amount in pounds, one ruled line each, in order', () => {
    const { container } = render(
      <AmountLines
        className="rw-refund__lines"
        lines={[
          ['Booking value', 15430],
          ['Admin fee', 1000],
        ]}
      />,
    );
    expect(container.innerHTML).toBe(
      '<dl class="rw-refund__lines">' +
        '<div class="rw-line"><dt>Booking value</dt><dd>£154.30</dd></div>' +
        '<div class="rw-line"><dt>Admin fee</dt><dd>£10.00</dd></div>' +
        '</dl>',
    );
    expect(screen.getAllByRole('definition').map((amount) => amount.textContent)).toEqual(['£154.30', '£10.00']);
  });

  it('gives each amount the class asked for', () => {
    render(
      <AmountLines
        className="rw-replacement__lines"
        amountClassName="rw-replacement__value"
        lines={[['Amount deferred', 4550]]}
      />,
    );
    expect(screen.getByText('£45.50')).toHaveClass('rw-replacement__value');
    expect(screen.getByText('Amount deferred').tagName).toBe('DT');
  });
});
