import type { RefundStatus, RefundStatusResponse } from '../../../../shared/types';
import { AcceptRefund } from '../../components/AcceptRefund';
import { AmountLines } from '../../components/AmountLines';
import type { RefundPageConfig } from '../../types';
import { texts } from '../texts';

export interface DeferPanelProps {
  config: RefundPageConfig;
  response: RefundStatusResponse & { refundStatus: RefundStatus };
  onDone: () => void;
}

/**
 * The 'Defer replacement' accordion (docs/product-rules.md sections 2 and 9): the amount deferred for 12 months with
 * no admin fee, and `Accept refund` with `defer: true` ({@link AcceptRefund}).
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
