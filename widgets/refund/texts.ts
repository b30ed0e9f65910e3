/**
 * Texts of the refund page. Quoted SPEC.md texts (sections 2 and 8) are exact; the others are
 * ours where SPEC.md leaves the wording open (DESIGN.md "Texts SPEC.md leaves out").
 */
export const TEXT = {
  preamble: 'Please wait while we load the data required to process your refund.',
  refundAccepted: 'Refund request accepted',
  deferralAccepted: 'Deferred refund request accepted',
  completeTitle: 'Refund Complete',
  statusFailure: "We couldn't load the refund status of your booking. Please try again.",
  nullStatus: 'null response, no matching journey',
  refundUnavailable: 'A refund is not available for the ticket and refund method you have chosen.',
  processFailure: "We couldn't process this refund. Please try again.",
  acceptRefund: 'Accept refund',
  refundAccordion: 'Refund',
  youWillReceive: (amount: string) => `You will receive ${amount}`,
  instantIntro: 'You can get a refund for this booking. Check the amount below, then accept the refund.',
  finalWarning:
    'Once you accept, your choice is final: your tickets will be cancelled and can no longer be used for travel.',
  bookingValue: 'Booking value',
  adminFee: 'Admin fee',
  adminFeeCap: (amount: string) => `The admin fee is never more than ${amount}.`,
  feeWaivedFeeFree: 'No admin fee: you asked for a refund within one hour of buying your tickets.',
  feeWaivedDisruption: 'No admin fee: the fee is waived because your journey was disrupted.',
  feeWaivedCovgr1: 'No admin fee: this is a full refund with no fee.',
  feeWaivedCov: 'This is a Covid refund of an advance fare.',
  feeNone: 'No admin fee applies to this refund.',
  noProtectedReference:
    'We cannot complete this refund online. Please contact our support team and quote your booking reference.',
  sending: 'Sending your refund request…',
  startAgain: 'Start again',
  completeBody:
    'We have received your request. The money will go back to the card you paid with, usually within 5 working days.',
  deferralBody: 'Your deferred refund is valid for 12 months and carries no admin fee.',
  contactSupport: 'Contact our support team',
  tryAgain: 'Try again',
  errorDetails: 'Details',
  errorResponse: 'Server response',
  manualRequiredHeading: 'Further evidence is needed for printed tickets',
  manualRequiredBody:
    'Your booking has printed tickets. To claim a refund, send us photos of the tickets, whole and then cut in half.',
  manualRequiredLink: 'Send photos of your tickets',
  replacementHeading: 'Refund with a replacement journey',
  replacementIntro:
    'You can get back more if you replace this journey with another booking, or you can defer your refund.',
  backendNoRefundLog: 'Backend thinks a refund is impossible (no protected reference); no request sent.',
} as const;
