/**
 * Element errors (elementErrors.ts, installed for every jsdom test by setup.ts): the DOM is
 * printed only into an error that is read, as it was when the query failed, once when waitFor
 * gives up, and as Testing Library prints it outside waitFor.
 */
import { render, screen, waitFor } from '@testing-library/react';

it('prints the DOM once in the error of a findBy* query that gives up, message and stack', async () => {
  render(<p>Refund request accepted</p>);
  const error: Error = await screen.findByRole('button', { name: 'Accept refund' }, { timeout: 100 }).then(
    () => new Error('found'),
    (failure: Error) => failure,
  );
  expect(error.message).toMatch(/^Unable to find role="button" and name "Accept refund"\n\nIgnored nodes/);
  expect(error.message.split('Refund request accepted')).toHaveLength(2);
  expect(error.stack).toContain(error.message);
});

it('prints into the error of each try waitFor drops, once read, the DOM as that try saw it', async () => {
  render(<p>Refund request pending</p>);
  const paragraph = screen.getByText('Refund request pending');
  const tries: Error[] = [];
  await waitFor(
    () => {
      try {
        screen.getByText('Claim submitted');
      } catch (error) {
        tries.push(error as Error);
      }
      if (tries.length < 2) {
        paragraph.textContent = 'Refund request accepted';
        throw new Error('not yet');
      }
    },
    { interval: 10 },
  );
  expect(tries).toHaveLength(2);
  const [first, second] = tries.map((error) => error.message);
  expect(first).toMatch(/^Unable to find an element with the text: Claim submitted\.[^]*Refund request pending/);
  expect(first).not.toContain('Refund request accepted');
  expect(second).toContain('Refund request accepted');
  expect(second.split('Ignored nodes')).toHaveLength(2);
});

it('prints the DOM as it was when the query failed, whenever the error is read', () => {
  const { unmount } = render(<p>Refund request accepted</p>);
  let failure: Error | undefined;
  try {
    screen.getByText('Claim submitted');
  } catch (error) {
    failure = error as Error;
  }
  unmount();
  expect(failure?.name).toBe('TestingLibraryElementError');
  expect(failure?.message).toMatch(
    /^Unable to find an element with the text: Claim submitted\.[^]*Refund request accepted/,
  );
  expect(failure?.stack).toContain(failure?.message);
});

it('prints the DOM into a getBy* error outside waitFor, as Testing Library does', () => {
  render(<p>Refund request accepted</p>);
  expect(() => screen.getByText('Claim submitted')).toThrow(
    /Unable to find an element with the text: Claim submitted\.[^]*Ignored nodes: comments, script, style\n/,
  );
  expect(() => screen.getByText('Claim submitted')).toThrow(/Refund request accepted/);
});
