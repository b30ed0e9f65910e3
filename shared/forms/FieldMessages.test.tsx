/**
 * The one hint-and-message markup of form fields (docs/architecture.md "Forms"), as `TextField`
 * and `RadioGroup` show it: the paragraphs, their ids, and the control's accessible description.
 */
import { render, screen } from '@testing-library/react';
import { FieldMessages, fieldDescribedBy } from './FieldMessages';
import { RadioGroup } from './RadioGroup';
import { TextField } from './TextField';

describe('fieldDescribedBy', () => {
  it.each([
    [undefined, undefined, undefined],
    ['', '', undefined],
    ['The hint', undefined, 'rw-x-hint'],
    [undefined, 'The message', 'rw-x-error'],
    ['The hint', 'The message', 'rw-x-hint rw-x-error'],
  ])('hint %j and message %j: %j', (hint, error, expected) => {
    expect(fieldDescribedBy('rw-x', hint, error)).toBe(expected);
  });
});

describe('FieldMessages', () => {
  it('shows the hint, then the message, as text, with the ids fieldDescribedBy names', () => {
    const { container } = render(<FieldMessages id="rw-x" hint="<b>Hint</b>" error="Enter it" />);
    expect(container.innerHTML).toBe(
      '<p id="rw-x-hint" class="rw-field__hint">&lt;b&gt;Hint&lt;/b&gt;</p><p id="rw-x-error" class="rw-field__error">Enter it</p>',
    );
  });

  it('shows nothing for an absent or empty hint and message', () => {
    expect(render(<FieldMessages id="rw-x" />).container.innerHTML).toBe('');
    expect(render(<FieldMessages id="rw-y" hint="" error="" />).container.innerHTML).toBe('');
  });
});

describe('the fields that show them', () => {
  it('TextField: the input is described by its hint, then by its message while one stands', () => {
    const { rerender } = render(<TextField id="rw-email" label="Email address" hint="The one you booked with." />);
    const input = screen.getByRole('textbox', { name: 'Email address' });
    expect(input).toHaveAccessibleDescription('The one you booked with.');
    expect(input).not.toHaveAttribute('aria-invalid');
    rerender(<TextField id="rw-email" label="Email address" hint="The one you booked with." error="Enter an email" />);
    expect(input).toHaveAccessibleDescription('The one you booked with. Enter an email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('RadioGroup: the fieldset is described by its hint and message, or by nothing without them', () => {
    const options = [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ];
    const group = (hint?: string, error?: string) => (
      <RadioGroup
        name="answer"
        idPrefix="rw-answer"
        legend="Did it happen?"
        hint={hint}
        error={error}
        options={options}
        value=""
        onChange={jest.fn()}
      />
    );
    const { rerender } = render(group());
    const fieldset = screen.getByRole('group', { name: 'Did it happen?' });
    expect(fieldset).not.toHaveAttribute('aria-describedby');
    rerender(group('Choose one.', 'Select an answer'));
    expect(fieldset).toHaveAccessibleDescription('Choose one. Select an answer');
    expect(document.getElementById('rw-answer-error')).toHaveClass('rw-field__error');
  });
});
