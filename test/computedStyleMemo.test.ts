/**
 * The memory of computed styles (computedStyleMemo.ts, installed for every jsdom test by
 * setup.ts): the same answer while nothing that could change an element's style has changed, and
 * jsdom's own answer after any change that could.
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

it('forgets the parent subtree when nodes are added or removed, and keeps what lies elsewhere', () => {
  document.body.innerHTML = '<section><p>Refund request accepted</p></section><aside><em>Delay Repay</em></aside>';
  const p = document.querySelector('p') as HTMLParagraphElement;
  const em = document.querySelector('em') as HTMLElement;
  const [pBefore, emBefore] = [window.getComputedStyle(p), window.getComputedStyle(em)];
  p.appendChild(document.createElement('span'));
  expect(window.getComputedStyle(p)).not.toBe(pBefore);
  expect(window.getComputedStyle(em)).toBe(emBefore);
  const detached = p;
  const pAfterAdd = window.getComputedStyle(p);
  detached.remove();
  expect(window.getComputedStyle(detached)).not.toBe(pAfterAdd);
});

it('keeps the memory when only text changes in place', () => {
  const p = paragraph();
  const before = window.getComputedStyle(p);
  (p.firstChild as Text).data = 'Claim submitted';
  expect(window.getComputedStyle(p)).toBe(before);
});

it("forgets an element's siblings and their subtrees when its attribute changes", () => {
  document.body.innerHTML = '<div><p id="a">Admin fee</p><p id="b"><b>£5.00</b></p></div><p id="c">Elsewhere</p>';
  const [a, b, bold, c] = ['#a', '#b', 'b', '#c'].map((selector) => document.querySelector(selector) as HTMLElement);
  const before = [a, b, bold, c].map((element) => window.getComputedStyle(element));
  a.setAttribute('data-state', 'changed');
  expect(window.getComputedStyle(b)).not.toBe(before[1]);
  expect(window.getComputedStyle(bold)).not.toBe(before[2]);
  expect(window.getComputedStyle(c)).toBe(before[3]);
});

it('forgets everything when a style sheet comes or goes, and answers as jsdom does', () => {
  const p = paragraph();
  const before = window.getComputedStyle(p);
  const sheet = document.createElement('style');
  sheet.textContent = 'p { display: none; }';
  document.head.appendChild(sheet);
  expect(window.getComputedStyle(p)).not.toBe(before);
  expect(window.getComputedStyle(p).display).toBe('none');
  sheet.remove();
  expect(window.getComputedStyle(p).display).toBe('block');
});

it('forgets the elements that lose and gain the focus (the default sheet styles :focus)', () => {
  document.body.innerHTML =
    '<div id="status"></div><button type="button">Accept refund</button><button type="button">Cancel</button>';
  const status = document.getElementById('status') as HTMLElement;
  const [accept, cancel] = Array.from(document.querySelectorAll('button'));
  // jsdom keeps its own styles until the document changes: a change elsewhere makes it look again.
  const changeElsewhere = () => status.append('.');
  expect(window.getComputedStyle(accept).outline).toBe('');
  accept.focus();
  changeElsewhere();
  expect(window.getComputedStyle(accept).outline).toBe('auto 5px -webkit-focus-ring-color');
  cancel.focus();
  changeElsewhere();
  expect(window.getComputedStyle(accept).outline).toBe('');
  expect(window.getComputedStyle(cancel).outline).toBe('auto 5px -webkit-focus-ring-color');
});

it('leaves pseudo-elements to jsdom', () => {
  // jsdom reports pseudo-elements as not implemented on its virtual console (console.error).
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const p = paragraph();
  expect(window.getComputedStyle(p, '::before')).not.toBe(window.getComputedStyle(p, '::before'));
  expect(consoleError).toHaveBeenCalledTimes(2);
  expect(String(consoleError.mock.calls[0][0])).toContain('Not implemented: window.getComputedStyle(elt, pseudoElt)');
  consoleError.mockRestore();
});
