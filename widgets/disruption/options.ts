import type { Details, JourneyScope, RefundStatusResponse } from '../../shared/types';
import type { Portion } from './types';

/** The reason code of a disruption refund (docs/product-rules.md section 9). */
export const DISRUPTION_REASON_CODE = '104';

/**
 * The scopes (`All`, `In`, `Out`) of reason code 104 whose `selfRefundPermitted` is true, over the status's journey
 * (docs/decisions.md "Start page and disruption"); empty for a null status.
 */
export function permittedScopes(response: RefundStatusResponse): Set<JourneyScope> {
  const status = response.refundStatus;
  const scopes = new Set<JourneyScope>();
  if (!status) return scopes;
  const matching = status.journeys.filter((journey) => journey.journeyID === status.journeyID);
  for (const journey of matching.length > 0 ? matching : status.journeys) {
    for (const code of journey.refundOptions?.refundCodes ?? []) {
      if (String(code.reasonCode).trim() !== DISRUPTION_REASON_CODE) continue;
      for (const scope of code.scopes) if (scope.selfRefundPermitted) addScope(scopes, scope.scope);
    }
  }
  return scopes;
}

function addScope(scopes: Set<JourneyScope>, scope: string): void {
  if (scope === 'All' || scope === 'In' || scope === 'Out') scopes.add(scope);
}

export function hasReturnJourney(details: Details): boolean {
  return (details.JourneyPlannerResults.returnJourneys?.[0]?.legs?.length ?? 0) > 0;
}

/**
 * The portions that may be said abandoned (`Out` → outwards, `In` → inwards, `All` → both; a single: outwards),
 * in that order; empty means no disruption self refund.
 */
export function abandonedPortions(response: RefundStatusResponse, details: Details): Portion[] {
  const scopes = permittedScopes(response);
  if (!hasReturnJourney(details)) return scopes.has('Out') || scopes.has('All') ? ['outwards'] : [];
  const portions: Portion[] = [];
  if (scopes.has('Out')) portions.push('outwards');
  if (scopes.has('In')) portions.push('inwards');
  if (scopes.has('All')) portions.push('both');
  return portions;
}

/** The two query flags a portion sets (docs/product-rules.md section 2): `[disruptedOutwards, disruptedInwards]`. */
export function portionFlags(portion: Portion): [boolean, boolean] {
  return [portion !== 'inwards', portion !== 'outwards'];
}
