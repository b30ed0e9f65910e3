/**
 * Replaces the title's part before ' - ' with `segment` (docs/product-rules.md section 2):
 * 'Ticket refunds - Example Rail' → 'Refund Complete - Example Rail'.
 */
export function setTitleFirstSegment(segment: string, doc: Document = document): void {
  const index = doc.title.indexOf(' - ');
  doc.title = index === -1 ? segment : `${segment}${doc.title.slice(index)}`;
}
