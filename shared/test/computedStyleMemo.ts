/**
 * Jest setup (jsdom): `window.getComputedStyle` answers again from memory for an element asked
 * about before, until the document changes. Testing Library's role queries and
 * dom-accessibility-api ask for the style of every element they pass, and jsdom recomputes it
 * each time (its cascade against the default style sheet, then a new declaration): a tenth of
 * `npm test`'s CPU time (docs/testing.md "Speed").
 *
 * The memory is forgotten at the first DOM change of any kind (a MutationObserver's records: those
 * delivered, and those still pending, read with `takeRecords()` on each call), which is at least as often as
 * jsdom forgets its own style cache: it too forgets it on DOM changes only. Calls with a
 * pseudo-element go straight to jsdom. The declarations jsdom returns are snapshots, read only
 * by their callers, so sharing one between callers changes nothing they see.
 */
export function memoiseComputedStyle(view: Window & typeof globalThis): void {
  const compute = view.getComputedStyle.bind(view);
  let known = new WeakMap<Element, CSSStyleDeclaration>();
  const forget = () => {
    known = new WeakMap();
  };
  // Changes are delivered to the callback after the task; those not yet delivered are taken below.
  const changes = new view.MutationObserver(forget);
  changes.observe(view.document, { subtree: true, childList: true, attributes: true, characterData: true });
  view.getComputedStyle = (element: Element, pseudoElement?: string | null): CSSStyleDeclaration => {
    if (pseudoElement) return compute(element, pseudoElement);
    if (changes.takeRecords().length > 0) forget();
    let style = known.get(element);
    if (style === undefined) {
      style = compute(element);
      known.set(element, style);
    }
    return style;
  };
}
