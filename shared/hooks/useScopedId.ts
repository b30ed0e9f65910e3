import { useId } from 'react';

/**
 * Returns base → `{base}-{React id}`, one React id per component, so ids stay unique when a widget
 * mounts twice on a page; only CSS-identifier characters are kept.
 */
export function useIdScope(): (base: string) => string {
  const scope = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  return (base) => `${base}-${scope}`;
}

/** One id `{base}-{React id}` (see {@link useIdScope}). */
export function useScopedId(base: string): string {
  return useIdScope()(base);
}
