import { setTitleFirstSegment } from './title';

describe('setTitleFirstSegment (docs/product-rules.md section 2)', () => {
  it.each([
    ['Ticket refunds - Example Rail', 'Refund Complete - Example Rail'],
    ['Ticket refunds - Example Rail - Help', 'Refund Complete - Example Rail - Help'],
    ['Ticket refunds', 'Refund Complete'],
  ])('%s → %s', (before, after) => {
    document.title = before;
    setTitleFirstSegment('Refund Complete');
    expect(document.title).toBe(after);
  });
});
