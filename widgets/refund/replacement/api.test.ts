import { replacementProtectedReference } from './api';

describe('replacementProtectedReference (docs/product-rules.md sections 3 and 6)', () => {
  it.each([
    [
      'the replacement one when the status has it',
      { replacementProtectedReference: 'R-PROT', protectedReference: 'PROT' },
      'R-PROT',
    ],
    [
      'the refund one when the replacement one is null',
      { replacementProtectedReference: null, protectedReference: 'PROT' },
      'PROT',
    ],
    ['null when the status has neither', { replacementProtectedReference: null, protectedReference: null }, null],
    [
      'an empty replacement one as it is (nothing is sent)',
      { replacementProtectedReference: '', protectedReference: 'PROT' },
      '',
    ],
  ])('is %s', (_case, response, expected) => {
    expect(replacementProtectedReference(response)).toBe(expected);
  });
});
