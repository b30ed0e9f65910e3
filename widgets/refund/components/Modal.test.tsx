import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { Modal } from './Modal';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal open={open} title="How to appeal" onClose={() => setOpen(false)}>
        <p>Body text</p>
      </Modal>
    </>
  );
}

test('opens named by its title, focuses inside, closes on Escape and returns focus', async () => {
  const user = userEvent.setup();
  render(<Harness />);
  const opener = screen.getByRole('button', { name: 'Open' });
  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'How to appeal' });
  expect(dialog).toHaveAttribute('open');
  expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
});

test('the Close button closes it and returns focus', async () => {
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  await user.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.queryByText('Body text')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
});

test('Tab and Shift+Tab wrap inside the modal', async () => {
  const user = userEvent.setup();
  render(
    <>
      <button type="button">Outside</button>
      <Modal open title="Trap" onClose={() => undefined} actions={<button type="button">Confirm</button>}>
        <a href="#x">A link</a>
      </Modal>
    </>,
  );
  const link = screen.getByRole('link', { name: 'A link' });
  const close = screen.getByRole('button', { name: 'Close' });
  expect(link).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
  await user.tab();
  expect(close).toHaveFocus();
  await user.tab();
  expect(link).toHaveFocus();
  await user.tab({ shift: true });
  expect(close).toHaveFocus();
});

test('when focus was lost before opening (a disabled submit button), it goes to returnFocusTo', async () => {
  function Disabling() {
    const [open, setOpen] = useState(false);
    const fallback = useRef<HTMLButtonElement>(null);
    return (
      <>
        <button type="button" ref={fallback}>
          Fallback
        </button>
        <button
          type="button"
          onClick={(event) => {
            // Browsers blur a button that becomes disabled while a lookup runs.
            event.currentTarget.blur();
            setOpen(true);
          }}
        >
          Open
        </button>
        <Modal open={open} title="Picker" onClose={() => setOpen(false)} returnFocusTo={fallback}>
          <p>Body</p>
        </Modal>
      </>
    );
  }
  const user = userEvent.setup();
  render(<Disabling />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  await user.keyboard('{Escape}');
  expect(screen.getByRole('button', { name: 'Fallback' })).toHaveFocus();
});
