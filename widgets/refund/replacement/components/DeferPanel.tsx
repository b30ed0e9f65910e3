import type { RefundStatus, RefundStatusResponse } from '../../../../shared/types';
import { AcceptRefund } from '../../components/AcceptRefund';
import { AmountLines } from '../../components/AmountLines';
import type { RefundPageConfig } from '../../types';
import { texts } from '../texts';

export interface DeferPanelProps {
  config: RefundPageConfig;
  response: RefundStatusResponse & { refundStatus: RefundStatus };
  /** Called once the server accepted the deferral. */
  onDone: () => void;
}

/**
 * The content of the 'Defer replacement' accordion (docs/product-rules.md sections 1, 2, 9; docs/decisions.md "What
 * each line shows or sends"): the amount deferred (`ticketsReplaceValue`), valid for 12 months with no
 * admin fee, and `Accept refund`, which sends exactly one POST /api/ProcessRefund with the
 * confirm refund request and `defer: true` (flags from the query) however often it is pressed,
 * then calls `onDone`. A failure shows `We couldn't process this refund. Please try again.` with a
 * contact link; accepting again reuses the Idempotency-Key. With no protected reference it logs
 * that the backend thinks a refund is impossible and sends nothing (docs/product-rules.md section 6).
 */
export function DeferPanel({ config, response, onDone }: DeferPanelProps) {
  const status = response.refundStatus;
  return (
    <div className="rw-replacement__defer">
      <AmountLines
        className="rw-replacement__lines"
        amountClassName="rw-replacement__value"
        lines={[[texts.amountDeferred, status.ticketsReplaceValue]]}
      />
      <p className="rw-replacement__note">{texts.deferValidity}</p>
      <p className="rw-replacement__note">{texts.deferNoFee}</p>
      <AcceptRefund config={config} response={response} defer sendingText={texts.deferSending} onDone={onDone} />
    </div>
  );
}
