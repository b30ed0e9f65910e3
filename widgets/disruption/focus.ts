/**
 * Focuses the step's first heading (made focusable, `tabindex="-1"`), else `box` while it loads, as on a new GOV.UK
 * page (docs/decisions.md "The disruption funnel walks like GOV.UK"). Never throws.
 */
export function focusHeading(box: HTMLElement): void {
  const heading = box.querySelector<HTMLElement>('legend, h2');
  const target = heading ?? box;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}
