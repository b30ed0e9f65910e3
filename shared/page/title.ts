/**
 * Replaces the first segment of the document title (the part before ' - ') with `segment`,
 * keeping the rest: 'Ticket refunds - Example Rail' → 'Refund Complete - Example Rail'
 * (docs/product-rules.md section 2). A title with no ' - ' becomes `segment`.
 */
export function setTitleFirstSegment(segment: string, doc: Document = document): void {
  const index = doc.title.indexOf(' - ');
  doc.title = index === -1 ? segment : `${segment}${doc.title.slice(index)}`;
}
