/** Replacement and deferral texts: docs/product-rules.md quotes exact (sections 2, 5, 8); shared ones in `../texts`. */
export const texts = {
  // Accordion titles (docs/product-rules.md section 2, exact).
  withoutReplacementTitle: 'Refund without replacement',
  provideTitle: 'Provide replacement journey',
  deferTitle: 'Defer replacement',

  // Messages by case.
  canRaise: (maxValue: string, fee: string) =>
    `If you provide a replacement journey, you can get back up to ${maxValue}, less an admin fee of ${fee}.`,
  cannotRaise: 'A replacement journey would not raise your refund for this booking.',
  canDefer: (amount: string) =>
    `You can also defer: keep ${amount} to use towards a future journey within 12 months, with no admin fee.`,
  cannotDefer: 'This booking cannot be deferred.',
  advanceFares:
    'Your booking has Advance fares, which are not normally refundable on their own. You can still use their value towards a replacement journey.',

  // Refund without replacement.
  withoutReplacementAmount: (amount: string) => `Without a replacement journey you would receive ${amount}.`,
  withoutReplacementNone: 'No refund is available without a replacement journey.',

  // Provide replacement journey.
  maxReplacementValue: 'Maximum replacement value',
  replacementAdminFee: 'Admin fee for a replacement',
  formIntro: 'Enter the booking reference and email address of your replacement journey.',
  bookingReferenceLabel: 'Booking reference',
  emailLabel: 'Email address',
  emailHint: 'The email address used to book the replacement journey.',
  continue: 'Continue',
  sameReference: 'Cannot be the same as the original booking reference',
  loadingForm: 'Loading the replacement form…',
  lookingUp: 'Looking up your journeys…',
  noEligible: 'No matching eligible journeys. Journeys must have been purchased prior to your original departure time.',
  lookupFailed: 'Lookup failed',
  /** The 'Lookup failed' text when the server gave none. */
  lookupFailedPlain: "We couldn't look up your replacement journey just now. Please try again in a few minutes.",

  // Journey picker.
  pickerTitle: 'Confirm replacement',
  pickerLegend: 'Choose your replacement journey',
  loadingPicker: 'Loading your journeys…',
  outward: 'Outward',
  return: 'Return',
  direct: 'Direct',
  changes: (count: number) => (count === 1 ? '1 change' : `${count} changes`),
  totalCost: 'Total cost',
  bookingReference: 'Booking reference',
  dryRunLoading: 'Working out your refund with this journey…',
  dryRunAmount: (amount: string) => `Your refund with this replacement: ${amount}`,
  breakdown: (beforeFee: string, fee: string, amount: string) =>
    `${beforeFee} refund, less the ${fee} admin fee = ${amount}`,
  breakdownNoFee: (amount: string) => `${amount} refund, with no admin fee`,
  unableToUse: (error: string) => `Unable to use this journey: ${error}`,
  /** `{error}` of `unableToUse` when the server gave no text of its own. */
  couldNotCheck: "we couldn't check it just now. Please try again.",
  confirm: (amount: string) => `Confirm ${amount} refund`,
  /** The confirm button while the amount is not known. */
  confirmUnknown: 'Confirm refund',
  cancel: 'Cancel',
  confirmSending: 'Sending your replacement request…',

  // Defer replacement.
  amountDeferred: 'Amount deferred',
  deferValidity: 'A deferred refund is valid for 12 months.',
  deferNoFee: 'No admin fee applies to a deferral.',
  deferSending: 'Sending your deferral request…',

  // Part-journey replacement.
  partJourneyIntro:
    'Does your replacement journey cover only part of this journey? Then we need to check your tickets by hand.',
  partJourneyLink: 'Request a refund for a part-journey replacement',
} as const;
