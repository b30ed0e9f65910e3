/**
 * @jest-environment @stryker-mutator/jest-runner/jest-env/node
 *
 * shared/page/pageDocument.ts where there is no DOM at all (no `Document`): it loads, finds
 * nothing shadowed and nothing on the page, and never throws. The
 * environment is Jest's node one, wrapped as Stryker asks (docs/mutation-testing.md).
 */
import {
  allMatching,
  clobberedDocumentNames,
  elementsWithId,
  firstMatch,
  readyStateOf,
  windowOf,
} from './pageDocument';

it('reads nothing and throws nothing without a DOM', () => {
  expect(typeof Document).toBe('undefined');
  const page = { getElementById: 'shadowed', title: 1 } as unknown as Document;
  expect(clobberedDocumentNames(page)).toEqual([]);
  expect(elementsWithId(page, 'refund-details')).toEqual([]);
  expect(allMatching(page, 'script')).toEqual([]);
  expect(firstMatch(page, 'meta')).toBeNull();
  expect(windowOf(page)).toBeNull();
  expect(readyStateOf(page)).toBeUndefined();
});
