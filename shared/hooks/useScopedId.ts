import { useId } from 'react';

/**
 * An element id made of `base` and React's `useId`, so it stays unique when a widget is mounted
 * more than once on a page (two lookup forms, several refund panels: no duplicate ids for labels,
 * `aria-labelledby` or error-summary links). React's ids are unique across all roots of the page,
 * since React is a shared singleton. Only characters valid in a CSS identifier are kept, so the id
 * also works in `#id` selectors and fragment links.
 */
export function useScopedId(base: string): string {
  return `${base}-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
}
