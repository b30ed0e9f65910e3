import { withQuery } from '../../shared/page/url';
import type { LookupConfig, LookupFormValues } from './types';

/**
 * Where a valid lookup goes (docs/host-contract.md "`lookup` (mount id `lookup-widget`)"): the action for the reason,
 * with the trimmed `BookingReference` and `Email`, and `covid19=true` when the page's query has it.
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
