/** Refund page texts: docs/product-rules.md quotes are exact; docs/decisions.md "Texts the rules leave out". */
export const texts = {
  preamble: 'Please wait while we load the data required to process your refund.',
  refundAccepted: 'Refund request accepted',
  deferralAccepted: 'Deferred refund request accepted',
  /** The finished view's receipt line, London date and time (docs/product-rules.md section 2). */
  acceptedAt: (what: string, date: string, time: string) => `${what} on ${date} at ${time} (UK time).`,
  completeTitle: 'Refund Complete',
  statusFailure: "We couldn't load the refund status of your booking. Please try again.",
  nullStatus: 'null response, no matching journey',
  refundUnavailable: 'A refund is not available for the ticket and refund method you have chosen.',
  processFailure: "We couldn't process this refund. Please try again.",
  dryRunOutage: "We couldn't check your refund just now. Please try again later.",
  offline: "You're offline. Nothing has been sent. You can continue when you're back online.",
  /** Where the phone keeps no note of the request's key (docs/offline.md "Committing actions"). */
  requestNotKept: (accepted: string) =>
    `Keep this page open until you see "${accepted}": this browser is not saving your request.`,
  earlierRequestPending:
    'Your earlier request may not have reached us. You can press the button again: you will not be refunded twice.',
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
  // The amounts of the finished views (docs/decisions.md "The refund page's words and amounts").
  refundAmount: (amount: string) => `We are refunding ${amount}.`,
  deferralKept: (amount: string) => `We are keeping ${amount} for you for 12 months, with no admin fee.`,
  deferralNext: (reference: string) =>
    `To use it, book your next journey with us within 12 months and quote booking reference ${reference}. The amount kept goes towards the new booking.`,
  deferralHelp: 'If you need help, contact our support team.',
  contactSupport: 'Contact our support team',
  helpSubject: (reference: string) => `Refund help for booking ${reference}`,
  tryAgain: 'Try again',
  /** Heads the server's own text of a failure, and nothing else (docs/product-rules.md section 8). */
  errorDetails: 'Details',
  manualRequiredHeading: 'Further evidence is needed for printed tickets',
  manualRequiredBody:
    'Your booking has printed tickets. To claim a refund, send us photos of the tickets, whole and then cut in half.',
  manualRequiredLink: 'Send photos of your tickets',
  replacementHeading: 'Refund with a replacement journey',
  replacementIntro:
    'You can get back more if you replace this journey with another booking, or you can defer your refund.',
  // Refund unavailable page (docs/product-rules.md sections 2 and 4).
  unavailableHeading: 'Refund unavailable',
  unavailableTitle: 'Refund Unavailable',
  yourJourneyReference: 'Your journey reference',
  cannotProcess: (reason: string) => `We can't process an automatic refund for this journey because ${reason}.`,
  reasonCancelled: "it looks like you've already received a refund",
  reasonScanned: 'our records indicate you may have already used this ticket',
  reasonNoValue: 'no refund is available',
  reasonWentWrong: 'something went wrong',
  whatHappensNext: 'What happens next',
  appealIntro: 'If you think this is wrong, you can appeal by emailing',
  appealOutro: 'Tell us in as much detail as you can why you should get a refund, and include your booking reference.',
  failedRefundSubject: (reference: string) => `Failed automatic refund for ${reference}`,
  failedRefundBody: (reference: string) =>
    `Please tell us in detail why you think you should get a refund for this journey.\n\nBooking reference: ${reference}\n`,
  disruptedSentence: 'You can get a refund, for example, if your journey was disrupted and you decided not to travel.',
  loadingReason: 'Checking why a refund is not available…',
  // Six-month modal (docs/product-rules.md sections 2 and 8).
  sixMonthsTitle: 'Automated refunds are not available',
  sixMonthsBody:
    'Your booking is more than 6 months old, so we cannot refund it online. Our support team can still look at it for you.',
  sixMonthsLink: 'Email our support team',
  sixMonthsSubject: (reference: string) => `Refund request for booking ${reference}`,
  /** The page beneath the closed six-month modal: no refund action, the support contact (docs/decisions.md). */
  sixMonthsPanelBody:
    'Your booking is more than 6 months old, so we cannot refund it online. Our support team can still look at it for you: contact them and quote your booking reference.',
  // Appeal modal (docs/product-rules.md section 2 "Instant refund panel").
  appealLink: 'How to appeal',
  appealTitle: 'How to appeal',
  appealBody:
    'If you think the admin fee or the amount is wrong, email our appeals team and quote your booking reference:',
  appealSubject: (reference: string) => (reference ? `Appeal for booking ${reference}` : 'Refund appeal'),
  appealWait: 'Please allow up to 5 working days for a reply.',
  // Advance-ticket information modal (docs/product-rules.md section 2).
  advanceTitle: 'About Advance tickets',
  advanceBody: [
    'Advance tickets are cheaper because they are only valid on the train you booked. They are not normally refundable.',
    'You can still use their value towards a replacement journey, or defer it for up to 12 months with no admin fee.',
    'If your train was cancelled, delayed or disrupted, or a Covid refund applies, you may get a refund in full.',
  ],
  advanceLink: 'About Advance tickets',
  // The covid19 query flag (docs/product-rules.md section 9).
  covidNote: 'You asked for this refund because of Covid-19.',
  backendNoRefundLog: 'Backend thinks a refund is impossible (no protected reference); no request sent.',
} as const;
