import type { DryRunResult, RefundStatus } from '../../shared/types';
import { netRefund, netReplacement, selectPanel } from './selectPanel';
import type { Panel } from './types';

const base: RefundStatus = {
  journeyID: 1,
  journeys: [],
  ticketsRefundValue: 4500,
  adminFee: 500,
  ticketsReplaceValue: 3000,
  adminFeeReplacement: 500,
  canDeferExchange: false,
  isCancelled: false,
  isPrinted: false,
  isScanned: false,
  bookingReference: 'KXB7HT2N',
};
const dry = (refundValue: number): DryRunResult => ({ refundValue, adminFee: 500, reasonCode: null });

// Each row is one rule of docs/product-rules.md "Which panel", in its order, with the edges that decide it.
const table: [string, Partial<RefundStatus>, DryRunResult | null, Panel][] = [
  ['1 manual: printed and not cancelled', { isPrinted: true }, dry(4000), 'manual'],
  ['1 manual wins over instant', { isPrinted: true, ticketsReplaceValue: 0 }, dry(4000), 'manual'],
  ['1 not manual when printed but cancelled', { isPrinted: true, isCancelled: true }, dry(0), 'unavailable'],
  ['2 instant: refundValue > 0 and net refund > net replacement', {}, dry(4000), 'instant'],
  [
    '2 instant: net refund equal to net replacement',
    { ticketsReplaceValue: 4500, adminFeeReplacement: 500 },
    dry(4000),
    'instant',
  ],
  ['2 not instant: refundValue 0', {}, dry(0), 'replacement'],
  ['2 not instant: dry run failed counts as 0', {}, null, 'replacement'],
  [
    '2 not instant: net replacement above net refund',
    { ticketsReplaceValue: 6000, adminFeeReplacement: 0 },
    dry(4000),
    'replacement',
  ],
  ['3 replacement: net replacement > 0', { ticketsRefundValue: 0, adminFee: 0 }, dry(0), 'replacement'],
  [
    '3 replacement: defer only (net replacement 0, canDeferExchange, replace value > 0)',
    { ticketsReplaceValue: 500, adminFeeReplacement: 500, canDeferExchange: true },
    dry(0),
    'replacement',
  ],
  [
    '3 not replacement: defer impossible and net replacement 0',
    { ticketsReplaceValue: 500, adminFeeReplacement: 500, canDeferExchange: false },
    dry(0),
    'unavailable',
  ],
  [
    '3 not replacement: defer allowed but replace value 0',
    { ticketsReplaceValue: 0, adminFeeReplacement: 0, canDeferExchange: true },
    dry(0),
    'unavailable',
  ],
  ['3 not replacement: cancelled', { isCancelled: true }, dry(0), 'unavailable'],
  ['3 not replacement: scanned', { isScanned: true }, dry(0), 'unavailable'],
  ['2 instant even when scanned (the rule checks the amounts only)', { isScanned: true }, dry(4000), 'instant'],
  [
    '4 unavailable: all values zero',
    { ticketsRefundValue: 0, adminFee: 0, ticketsReplaceValue: 0, adminFeeReplacement: 0 },
    dry(0),
    'unavailable',
  ],
  [
    '4 unavailable: negative nets',
    { ticketsRefundValue: 300, adminFee: 500, ticketsReplaceValue: 300, adminFeeReplacement: 500 },
    dry(0),
    'unavailable',
  ],
];

describe('selectPanel (docs/product-rules.md section 4, docs/product-rules.md "Which panel")', () => {
  it.each(table)('%s', (_name, overrides, dryRun, expected) => {
    expect(selectPanel({ ...base, ...overrides }, dryRun)).toBe(expected);
  });

  it('computes net refund and net replacement in pence', () => {
    expect(netRefund(base)).toBe(4000);
    expect(netReplacement(base)).toBe(2500);
  });
});
