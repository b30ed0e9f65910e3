import { withQuery } from '../../shared/page/url';
import type { LookupConfig, LookupFormValues } from './types';

/**
 * Where a valid lookup goes (docs/host-contract.md "`lookup` (mount id `lookup-widget`)"):
 * `data-action` (default `/ConfirmRefund`), or `data-disruption-action` (default
 * `/Home/Disruption`) for the Disruption reason, with `BookingReference` and `Email` (trimmed) in
 * the query, plus `covid19=true` when the start page's own query carries that flag.
 *
 * @param values the submitted form values (already valid)
 * @param config the widget's page config
 * @returns the URL to navigate to
 */
export function buildLookupUrl(values: LookupFormValues, config: LookupConfig): string {
  const target = values.reason === 'Disruption' ? config.disruptionAction : config.action;
  const params: [string, string][] = [
    ['BookingReference', values.bookingReference.trim()],
    ['Email', values.email.trim()],
  ];
  if (config.query.covid19) params.push(['covid19', 'true']);
  return withQuery(target, params);
}
