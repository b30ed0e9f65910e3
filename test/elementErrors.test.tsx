/**
 * Element errors (elementErrors.ts, installed for every jsdom test by setup.ts): no DOM print in
 * the errors of a query being retried, one print when waitFor gives up, and the same errors as
 * Testing Library's outside waitFor.
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

it('leaves the DOM out of the errors of the tries that waitFor drops', async () => {
  render(<p>Refund request accepted</p>);
  const tries: string[] = [];
  await waitFor(
    () => {
      try {
        screen.getByText('Claim submitted');
      } catch (error) {
        tries.push((error as Error).message);
      }
      expect(tries.length).toBeGreaterThan(0);
    },
    { timeout: 100 },
  );
  expect(tries[0]).toMatch(/^Unable to find an element with the text: Claim submitted\./);
  expect(tries[0]).not.toContain('Refund request accepted');
});

it('prints the DOM into a getBy* error outside waitFor, as Testing Library does', () => {
  render(<p>Refund request accepted</p>);
  expect(() => screen.getByText('Claim submitted')).toThrow(
    /Unable to find an element with the text: Claim submitted\.[^]*Ignored nodes: comments, script, style\n/,
  );
  expect(() => screen.getByText('Claim submitted')).toThrow(/Refund request accepted/);
});
