import { useCallback, useEffect, useState } from 'react';
import { useServerState } from '../../shared/hooks/useServerState';
import { isWidgetError, type WidgetError } from '../../shared/errors/WidgetError';
import { isTransientFailure, toWidgetError } from '../../shared/api/policy';
import { OfflineNotice } from '../../shared/ui/OfflineNotice';
import { dispatchComplete, type CompleteKind } from '../../shared/page/events';
import { forgetIntent, type IntentAction } from '../../shared/storage/intents';
import { forgetJourneyAnswers } from '../../shared/storage/journeyAnswers';
import type { RefundStatus, RefundStatusResponse } from '../../shared/types';
import { fetchDryRun } from './api';
import { fetchRefundStatus } from '../../shared/api/refundStatus';
import { AdvanceInfoModal } from './components/AdvanceInfoModal';
import { ErrorNotice } from './components/ErrorNotice';
import { FinishedView } from './components/FinishedView';
import { InstantPanel } from './components/InstantPanel';
import { ManualRequiredPanel, UnavailablePanel } from './components/OtherPanels';
import { ReplacementPanel } from './replacement/ReplacementPanel';
import { SixMonthsModal, SixMonthsPanel } from './components/SixMonthsModal';
import { UnavailablePage } from './components/UnavailablePage';
import { preambleClass } from './firstLoad';
import { selectPanel } from './selectPanel';
import { texts } from './texts';
import type { DryRunOutcome, RefundPageConfig } from './types';
import './refund.css';

/** Where the page goes when the dry run says self refunds are disabled (docs/product-rules.md section 8). */
export const SELF_REFUNDS_UNAVAILABLE_PATH = '/SelfRefundsUnavailable';

type Phase =
  | { phase: 'loading' }
  | { phase: 'status-error'; error: WidgetError }
  | { phase: 'null-status' }
  | { phase: 'ready'; response: RefundStatusResponse & { refundStatus: RefundStatus }; dryRun: DryRunOutcome }
  /** `amountPence`: the amount accepted; `at`: when the server answered (ms, phone clock), for the receipt. */
  | { phase: 'done'; kind: Exclude<CompleteKind, 'claim'>; amountPence: number; at: number };

interface Props {
  config: RefundPageConfig;
  /** The mount element, for the `refundwidgets:complete` event. */
  element: HTMLElement;
  navigate?: (url: string) => void;
}

/**
 * The refund page (docs/product-rules.md section 2, docs/architecture.md "The refund page, as data flows"), or with
 * `data-view="unavailable"` the refund unavailable page; `data-launch="advance-info"` links open the Advance modal.
 */
export function RefundWidget(props: Props) {
  const doc = props.element.ownerDocument;
  return (
    <>
      {props.config.view === 'unavailable' ? <UnavailablePage config={props.config} /> : <RefundPage {...props} />}
      <AdvanceInfoModal doc={doc} element={props.element} />
    </>
  );
}

/** The committing actions of the refund page (docs/offline.md "Committing actions"). */
const REFUND_PAGE_ACTIONS: readonly IntentAction[] = ['refund', 'deferral', 'replacement'];

type Loaded = Exclude<Phase, { phase: 'loading' } | { phase: 'status-error' } | { phase: 'done' }>;

/** The refund status and the dry run, in parallel; throws the status call's failure, a dry run failure is data. */
async function loadRefundPage(config: RefundPageConfig): Promise<Loaded | { phase: 'self-refunds-disabled' }> {
  const [status, dryRun] = await Promise.allSettled([
    fetchRefundStatus(config.refundStatusUrl),
    fetchDryRun(config.dryRunUrl),
  ]);
  if (status.status === 'rejected') throw status.reason;
  const response = status.value;
  if (response.refundStatus?.isCancelled) {
    // Refunded: pending committing actions have had their effect (docs/offline.md "Committing actions").
    for (const action of REFUND_PAGE_ACTIONS) forgetIntent(config.details.bookingReference, action);
  }
  if (response.refundStatus === null) return { phase: 'null-status' };
  const ready = { ...response, refundStatus: response.refundStatus };
  if (dryRun.status === 'fulfilled')
    return { phase: 'ready', response: ready, dryRun: { ok: true, result: dryRun.value } };
  const message = isWidgetError(dryRun.reason) ? dryRun.reason.message : String(dryRun.reason);
  if (message.includes('Self refunds are disabled')) return { phase: 'self-refunds-disabled' };
  const outage = isTransientFailure(toWidgetError(dryRun.reason));
  return { phase: 'ready', response: ready, dryRun: { ok: false, message, outage } };
}

/** The refund page proper: load, one panel, finished view (see {@link RefundWidget}). */
function RefundPage({ config, element, navigate = (url) => window.location.assign(url) }: Props) {
  const {
    state: load,
    retry,
    attempt,
  } = useServerState(() => loadRefundPage(config), [config.refundStatusUrl, config.dryRunUrl]);
  const [done, setDone] = useState<Extract<Phase, { phase: 'done' }> | null>(null);
  const redirect = load.phase === 'ready' && load.data.phase === 'self-refunds-disabled';
  useEffect(() => {
    if (redirect) navigate(SELF_REFUNDS_UNAVAILABLE_PATH);
    // `navigate` is a prop default; the redirect follows the answer only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [redirect]);

  let state: Phase;
  if (done) state = done;
  else if (load.phase === 'failed') state = { phase: 'status-error', error: load.error };
  else if (load.phase === 'loading' || load.data.phase === 'self-refunds-disabled') state = { phase: 'loading' };
  else state = load.data;

  const finish = useCallback(
    (kind: Exclude<CompleteKind, 'claim'>, amountPence: number) => {
      setDone({ phase: 'done', kind, amountPence, at: Date.now() });
      // The journey's refund is done: its saved disruption answers are no longer needed.
      const { bookingReference, JourneyPlannerResults } = config.details;
      forgetJourneyAnswers(bookingReference, JourneyPlannerResults.outboundJourneys[0]?.journeyID);
      dispatchComplete(element, kind, { bookingReference });
    },
    [element, config.details],
  );

  return (
    <div className="rw-refund" aria-busy={state.phase === 'loading'}>
      {state.phase !== 'done' && <OfflineNotice text={texts.offline} />}
      {state.phase === 'loading' && (
        <p className={preambleClass(attempt)} role="status">
          {texts.preamble}
        </p>
      )}
      {state.phase === 'status-error' && (
        <ErrorNotice message={texts.statusFailure} error={state.error} config={config} onRetry={retry} />
      )}
      {state.phase === 'null-status' && (
        <p className="rw-message rw-message--error" role="alert">
          {texts.nullStatus}
        </p>
      )}
      {state.phase === 'ready' && <ReadyPanel config={config} state={state} onDone={finish} onRetry={retry} />}
      {state.phase === 'done' && (
        <FinishedView
          deferred={state.kind === 'deferral'}
          amountPence={state.amountPence}
          at={state.at}
          bookingReference={config.details.bookingReference}
          supportEmail={config.supportEmail}
          startUrl={config.startUrl}
        />
      )}
    </div>
  );
}

function ReadyPanel({
  config,
  state,
  onDone,
  onRetry,
}: {
  config: RefundPageConfig;
  state: Extract<Phase, { phase: 'ready' }>;
  /** Called once the server accepted a refund, replacement or deferral of `amountPence`. */
  onDone: (kind: Exclude<CompleteKind, 'claim'>, amountPence: number) => void;
  onRetry: () => void;
}) {
  const dryRun = state.dryRun.ok ? state.dryRun.result : null;
  const sixMonths = !state.dryRun.ok && state.dryRun.message.includes('older than 6 months');
  if (sixMonths) {
    // Too old to refund online: only the support contact (docs/decisions.md "The refund page's words and amounts").
    return (
      <>
        <SixMonthsModal config={config} />
        <SixMonthsPanel config={config} />
      </>
    );
  }
  const panel = selectPanel(state.response.refundStatus, dryRun);
  // A dry run without an answer is not a refusal (docs/decisions.md "An outage is not a decision").
  const outage = !state.dryRun.ok && state.dryRun.outage;
  return (
    <>
      {outage && <DryRunOutage onRetry={onRetry} />}
      {panel === 'instant' && dryRun && (
        <InstantPanel
          config={config}
          response={state.response}
          dryRun={dryRun}
          onDone={() => onDone('refund', dryRun.refundValue)}
        />
      )}
      {panel === 'replacement' && (
        <ReplacementPanel config={config} response={state.response} dryRun={dryRun} onDone={onDone} />
      )}
      {panel === 'manual' && <ManualRequiredPanel config={config} />}
      {panel === 'unavailable' && !outage && <UnavailablePanel config={config} status={state.response.refundStatus} />}
    </>
  );
}

/** The dry run got no answer (docs/decisions.md "An outage is not a decision"): no refusal; `onRetry` checks again. */
function DryRunOutage({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="rw-refund__panel rw-refund__panel--outage">
      <div className="rw-message rw-message--error" role="alert">
        <p>{texts.dryRunOutage}</p>
        <button type="button" className="rw-button rw-button--secondary" onClick={onRetry}>
          {texts.tryAgain}
        </button>
      </div>
    </section>
  );
}
