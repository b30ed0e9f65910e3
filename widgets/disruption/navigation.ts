/** Where the disruption answers lead (docs/product-rules.md "Disruption flow"), with the page query's reference. */
import { queryPairs, withQuery } from '../../shared/page/url';
import { portionFlags } from './options';
import type { DisruptionConfig, FinishedAnswer, Portion } from './types';

const DISRUPTED_FLAGS = ['disruptedOutwards', 'disruptedInwards'];
export const REASON_PARAM = 'Reason';

function baseQuery(config: DisruptionConfig, drop: string[] = []): [string, string][] {
  const pairs = queryPairs(config.query.search, drop);
  const has = (name: string) => pairs.some(([key]) => key.toLowerCase() === name.toLowerCase());
  if (!has('BookingReference')) pairs.push(['BookingReference', config.details.bookingReference]);
  if (!has('Email') && config.details.email) pairs.push(['Email', config.details.email]);
  return pairs;
}

/** `No`: the refund page (`data-action`, default /ConfirmRefund) with the same query. */
export function sameQueryRefundUrl(config: DisruptionConfig): string {
  return withQuery(config.actions.confirm, baseQuery(config));
}

/** An abandoned answer: the refund page with the query plus `disruptedOutwards`/`disruptedInwards` of the portion. */
export function disruptedRefundUrl(config: DisruptionConfig, portion: Portion): string {
  const [outwards, inwards] = portionFlags(portion);
  return withQuery(config.actions.confirm, [
    ...baseQuery(config, DISRUPTED_FLAGS),
    ['disruptedOutwards', String(outwards)],
    ['disruptedInwards', String(inwards)],
  ]);
}

/** No disruption option: `data-manual-action` with BookingReference, Email, `Disruption=true` and `covid19`. */
export function manualRefundUrl(config: DisruptionConfig): string {
  const pairs: [string, string][] = [
    ['BookingReference', config.query.bookingReference ?? config.details.bookingReference],
    ['Email', config.query.email ?? config.details.email],
    ['Disruption', 'true'],
  ];
  if (config.query.covid19) pairs.push(['covid19', 'true']);
  return withQuery(config.actions.manual, pairs);
}

/** delayed, manual, somethingElse: the Finished page with the original query plus `Reason`. */
export function finishedUrl(config: DisruptionConfig, reason: FinishedAnswer): string {
  return withQuery(config.actions.finished, [...baseQuery(config, [REASON_PARAM]), [REASON_PARAM, reason]]);
}

export function questionsUrl(config: DisruptionConfig): string {
  return withQuery(config.actions.questions, baseQuery(config, [REASON_PARAM]));
}
