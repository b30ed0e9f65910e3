import { useId } from 'react';

/**
 * Element ids made of a base and React's `useId`, so they stay unique when a widget is mounted
 * more than once on a page (two lookup forms, several refund panels: no duplicate ids for labels,
 * `aria-labelledby` or error-summary links). React's ids are unique across all roots of the page,
 * since React is a shared singleton. Only characters valid in a CSS identifier are kept, so the
 * ids also work in `#id` selectors and fragment links.
 *
 * @returns a function from a base (`rw-lookup-email`) to `{base}-{this component's React id}`:
 *   one React id for all the ids of one component (a form's fields, a list and its hint)
 */
export function useIdScope(): (base: string) => string {
  const scope = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  return (base) => `${base}-${scope}`;
}

/**
 * One element id made of `base` and React's `useId` (see {@link useIdScope}).
 *
 * @param base the id's stable part, e.g. `rw-refund-manual-heading`
 * @returns `{base}-{React id}`, with only characters valid in a CSS identifier
 */
export function useScopedId(base: string): string {
  return useIdScope()(base);
}
