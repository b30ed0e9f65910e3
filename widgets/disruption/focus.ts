/**
 * Focus on a step change (docs/decisions.md "The disruption funnel walks like GOV.UK"): the step's
 * heading, as on a new GOV.UK page, so a screen reader reads the question first.
 */

/**
 * Focuses the first heading in `box` (a question's `<legend>`, else an `<h2>`), made focusable
 * with `tabindex="-1"` (not in the Tab order), or `box` itself when it has no heading yet (the
 * step is still loading). Never throws.
 *
 * @param box the step's container (focusable itself, `tabindex="-1"`)
 */
export function focusHeading(box: HTMLElement): void {
  const heading = box.querySelector<HTMLElement>('legend, h2');
  const target = heading ?? box;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}
