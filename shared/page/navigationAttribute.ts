/**
 * The one reader of a mount's navigation attributes (docs/security.md "Navigation targets"): trimmed,
 * blank means the default, a refused value is a setup error naming the attribute.
 */
import { WidgetError } from '../errors/WidgetError';
import { NAVIGATION_RULE, navigationTarget } from './navigationTarget';

export type MountDataset = Readonly<Record<string, string | undefined>>;

const QUOTED_CHARS = 200;

export interface NavigationAttributeOptions {
  pageUrl: string;
  /** What the attribute means when it is absent or blank (`''` for "no link"). */
  fallback: string;
  /** The traveller's text when the value is refused. */
  invalidText: string;
  /** The check: the target, or null when refused; default `navigationTarget`. */
  check?: (value: string, pageUrl: string) => string | null;
  rule?: string;
}

/** The `dataset` key of a `data-*` name (`data-manual-action` → `manualAction`). */
export function datasetKey(attribute: `data-${string}`): string {
  return attribute.slice('data-'.length).replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/**
 * Reads and checks one navigation attribute; `options.fallback` when absent or blank.
 * @throws WidgetError('INVALID_PAGE_DATA', options.invalidText) when refused; its `cause` names the attribute, value and rule
 */
export function readNavigationAttribute(
  dataset: MountDataset,
  attribute: `data-${string}`,
  { pageUrl, fallback, invalidText, check = navigationTarget, rule = NAVIGATION_RULE }: NavigationAttributeOptions,
): string {
  const raw = dataset[datasetKey(attribute)];
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (value === '') return fallback;
  const target = check(value, pageUrl);
  if (target === null) {
    throw new WidgetError('INVALID_PAGE_DATA', invalidText, {
      cause: new Error(`${attribute} "${value.slice(0, QUOTED_CHARS)}" refused: it ${rule}`),
    });
  }
  return target;
}
