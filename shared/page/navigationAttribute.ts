/**
 * The one reader of a mount's navigation attributes (docs/host-contract.md "The widgets";
 * docs/security.md "Navigation targets"): `data-action`, `data-disruption-action`,
 * `data-manual-action`, `data-finished-action`, `data-questions-action`, `data-start-url` and
 * `data-delay-repay-url` are all read here, by the same rules: surrounding spaces ignored, blank
 * or absent means the widget's default, and a refused value is a setup error naming the attribute.
 */
import { WidgetError } from '../errors/WidgetError';
import { NAVIGATION_RULE, navigationTarget } from './navigationTarget';

/** A mount's `data-*` attributes, camelCased as `dataset` gives them (a copy or the live map). */
export type MountDataset = Readonly<Record<string, string | undefined>>;

/** How long a refused value may be in the developer's `cause` (the rest is cut). */
const QUOTED_CHARS = 200;

/** How {@link readNavigationAttribute} reads one attribute. */
export interface NavigationAttributeOptions {
  /** The page's address (`location.href`; see `pageUrlOf`). */
  pageUrl: string;
  /** What the attribute means when it is absent or blank (`''` for "no link"). */
  fallback: string;
  /** The traveller's text when the value is refused (the widget's "set up incorrectly" message). */
  invalidText: string;
  /**
   * The check of a value: the target to use, or null when refused. Default: the one
   * navigation-target check, `navigationTarget` with the origins built in with `NAVIGATION_ORIGINS`.
   */
  check?: (value: string, pageUrl: string) => string | null;
  /** What the `cause` says the value must be; default {@link NAVIGATION_RULE}. */
  rule?: string;
}

/**
 * The `dataset` key of a `data-*` attribute name (`data-manual-action` → `manualAction`), as the
 * DOM's dataset names it.
 *
 * @param attribute an attribute name beginning with `data-`, in lower case
 */
export function datasetKey(attribute: `data-${string}`): string {
  return attribute.slice('data-'.length).replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/**
 * Reads one navigation attribute of a mount.
 *
 * @param dataset the mount's `data-*` attributes (as `dataset`)
 * @param attribute the attribute's name, e.g. `data-manual-action`
 * @param options the page's address, the default, the widget's setup-error text and, for other
 *   rules than the navigation-target check (the Delay Repay link), the check and its wording
 * @returns the checked target; `options.fallback` when the attribute is absent or blank
 * @throws WidgetError('INVALID_PAGE_DATA', options.invalidText) when the check refuses the value;
 *   its `cause` names the attribute, quotes the value (at most 200 characters) and says the rule:
 *   `data-action "//evil.example/" refused: it must be …`
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
