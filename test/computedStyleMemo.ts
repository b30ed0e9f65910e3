/**
 * Jest setup (jsdom): `window.getComputedStyle` answers again from memory for an element asked
 * about before, until a change to the document could alter its style. Testing Library's role
 * queries and dom-accessibility-api ask for the style of every element they pass, and jsdom
 * recomputes it each time (its cascade against the default style sheet, then a new declaration
 * whose colours it parses): a fifth of a component test's CPU time (docs/testing.md "Speed").
 *
 * What a change forgets (the changes are a MutationObserver's records: those delivered, and
 * those still pending, read with `takeRecords()` on each call):
 * - text changed in place: nothing, since no selector jsdom knows reads text;
 * - an attribute of an element: the styles of its parent's subtree (the element, what inherits
 *   from it, and its siblings, which sibling selectors could reach);
 * - children added or removed: the styles of the parent's subtree and of the removed subtrees;
 * - anything about a style sheet (a `<style>` or `<link>` added, removed or changed, or any change
 *   in `<head>`): everything;
 * - the focus moving (`document.activeElement` is compared on each call, since jsdom moves it
 *   without an event when the focused element is removed): the styles of the elements that lost
 *   and gained it, which the default sheet's `:focus` and `:active` rules reach (their outline
 *   and border style; neither is inherited).
 * In the tests style sheets are stubs (jest.config.js maps `.css` to a stub), so jsdom's default
 * sheet is the only cascade. Calls with a pseudo-element go straight to jsdom. The declarations
 * jsdom returns are snapshots, read only by their callers, so sharing one changes nothing.
 */
export function memoiseComputedStyle(view: Window & typeof globalThis): void {
  const compute = view.getComputedStyle.bind(view);
  const doc = view.document;
  const known = new Map<Element, CSSStyleDeclaration>();
  let focused: Element | null = doc.activeElement;

  const touchesStyleSheets = (node: Node): boolean =>
    node instanceof view.Element &&
    (node.matches('style, link') || node.querySelector('style, link') !== null || doc.head?.contains(node) === true);

  const forgetWithin = (root: Node) => {
    for (const element of known.keys()) if (root.contains(element)) known.delete(element);
  };

  const forget = (records: MutationRecord[]) => {
    for (const record of records) {
      if (record.type === 'characterData') {
        if (record.target.parentElement?.closest('style') || doc.head?.contains(record.target)) known.clear();
        continue;
      }
      const changed = [record.target, ...Array.from(record.addedNodes), ...Array.from(record.removedNodes)];
      if (changed.some(touchesStyleSheets)) {
        known.clear();
        return;
      }
      if (record.type === 'attributes') {
        forgetWithin(record.target.parentNode ?? record.target);
      } else {
        forgetWithin(record.target);
        record.removedNodes.forEach(forgetWithin);
      }
    }
  };
  // Changes are delivered to the callback after the task; those not yet delivered are taken below.
  const changes = new view.MutationObserver(forget);
  changes.observe(doc, { subtree: true, childList: true, attributes: true, characterData: true });
  view.getComputedStyle = (element: Element, pseudoElement?: string | null): CSSStyleDeclaration => {
    if (pseudoElement) return compute(element, pseudoElement);
    const pending = changes.takeRecords();
    if (pending.length > 0) forget(pending);
    if (doc.activeElement !== focused) {
      if (focused) known.delete(focused);
      focused = doc.activeElement;
      if (focused) known.delete(focused);
    }
    let style = known.get(element);
    if (style === undefined) {
      style = compute(element);
      known.set(element, style);
    }
    return style;
  };
}
