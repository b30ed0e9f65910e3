/**
 * The memory of computed styles (computedStyleMemo.ts, installed for every jsdom test by
 * setup.ts): the same answer while the document is unchanged, a fresh one after any change.
 */
function paragraph(): HTMLParagraphElement {
  document.body.innerHTML = '<div><p>Refund request accepted</p></div>';
  return document.querySelector('p') as HTMLParagraphElement;
}

afterEach(() => {
  document.body.innerHTML = '';
});

it('answers from memory while the document is unchanged', () => {
  const p = paragraph();
  expect(window.getComputedStyle(p)).toBe(window.getComputedStyle(p));
  expect(window.getComputedStyle(p).display).toBe('block');
});

it('forgets at once when an attribute changes, before any observer callback has run', () => {
  const p = paragraph();
  expect(window.getComputedStyle(p).display).toBe('block');
  p.hidden = true;
  expect(window.getComputedStyle(p).display).toBe('none');
  p.hidden = false;
  p.style.visibility = 'hidden';
  expect(window.getComputedStyle(p).visibility).toBe('hidden');
});

it('forgets when an ancestor changes, and after the observer callback has run', async () => {
  const p = paragraph();
  expect(window.getComputedStyle(p).visibility).toBe('visible');
  (p.parentElement as HTMLElement).style.visibility = 'hidden';
  await Promise.resolve(); // the MutationObserver's callback runs here
  expect(window.getComputedStyle(p).visibility).toBe('hidden');
});

it('forgets when nodes are added or text changes', () => {
  const p = paragraph();
  const before = window.getComputedStyle(p);
  p.appendChild(document.createElement('span'));
  const afterAdd = window.getComputedStyle(p);
  expect(afterAdd).not.toBe(before);
  (p.firstChild as Text).data = 'Claim submitted';
  expect(window.getComputedStyle(p)).not.toBe(afterAdd);
});

it('leaves pseudo-elements to jsdom', () => {
  const p = paragraph();
  expect(window.getComputedStyle(p, '::before')).not.toBe(window.getComputedStyle(p, '::before'));
});
