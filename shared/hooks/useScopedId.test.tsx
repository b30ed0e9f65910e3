import { act, render, screen } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { useIdScope, useScopedId } from './useScopedId';

function Heading({ text }: { text: string }) {
  const id = useScopedId('rw-heading');
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{text}</h2>
    </section>
  );
}

test('the id starts with the base and names the element it is given to', () => {
  render(<Heading text="Your refund" />);
  const heading = screen.getByRole('heading', { name: 'Your refund' });
  expect(heading.id).toMatch(/^rw-heading-[A-Za-z0-9_-]+$/);
  expect(screen.getByRole('region', { name: 'Your refund' })).toBeInTheDocument();
});

test('two widgets mounted on the same page get different ids', () => {
  render(<Heading text="First lookup" />);
  render(<Heading text="Second lookup" />);
  const first = screen.getByRole('heading', { name: 'First lookup' }).id;
  const second = screen.getByRole('heading', { name: 'Second lookup' }).id;
  expect(first).toMatch(/^rw-heading-[A-Za-z0-9_-]+$/);
  expect(second).toMatch(/^rw-heading-[A-Za-z0-9_-]+$/);
  expect(first).not.toBe(second);
  expect(screen.getByRole('region', { name: 'First lookup' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Second lookup' })).toBeInTheDocument();
});

test('characters React puts in its ids that are not valid in a CSS identifier are dropped', () => {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container, { identifierPrefix: 'lookup:two.' });
  act(() => root.render(<Heading text="Your refund" />));
  const id = screen.getByRole('heading', { name: 'Your refund' }).id;
  expect(id).toMatch(/^rw-heading-[A-Za-z0-9_-]+$/);
  expect(id).toContain('lookuptwo');
  expect(container.querySelector(`#${id}`)).toHaveTextContent('Your refund');
  act(() => root.unmount());
  container.remove();
});

function Field({ label }: { label: string }) {
  const at = useIdScope();
  const inputId = at('rw-field');
  const hintId = at('rw-field-hint');
  return (
    <p>
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} aria-describedby={hintId} />
      <span id={hintId}>{`${label} hint`}</span>
    </p>
  );
}

test('useIdScope: the ids of one component share one React id; another component gets another', () => {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container, { identifierPrefix: 'claim:one.' });
  act(() =>
    root.render(
      <>
        <Field label="Email" />
        <Field label="Booking reference" />
      </>,
    ),
  );
  const email = screen.getByRole('textbox', { name: 'Email' });
  const reference = screen.getByRole('textbox', { name: 'Booking reference' });
  expect(email).toHaveAccessibleDescription('Email hint');
  const scope = email.id.slice('rw-field-'.length);
  expect(scope).toMatch(/^[A-Za-z0-9_-]+$/);
  expect(scope).toContain('claimone');
  expect(email.getAttribute('aria-describedby')).toBe(`rw-field-hint-${scope}`);
  expect(reference.id).not.toBe(email.id);
  expect(reference.getAttribute('aria-describedby')).toBe(`rw-field-hint-${reference.id.slice('rw-field-'.length)}`);
  act(() => root.unmount());
  container.remove();
});
