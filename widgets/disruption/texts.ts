/** Disruption texts: docs/product-rules.md quotes exact ("Disruption flow", sections 5 and 8), the rest ours. */
export const texts = {
  firstLegend: 'Please pick the option which applies',
  firstAnswers: {
    Yes: 'Yes, my journey was affected by disruption',
    YesBefore: 'Yes, and I knew about the disruption before I set off',
    Strike: 'My journey was affected by a strike',
    Heatwave: 'My journey was affected by a storm',
    No: 'No, my journey was not disrupted',
  },
  firstRequired: 'Select the option which applies',
  continue: 'Continue',
  secondLegend: 'What happened to your journey?',
  secondHint: 'Choose the answer that fits best.',
  secondAnswers: {
    delayed: 'My train was delayed, but I made my journey',
    abandoned1: 'I abandoned my journey, or did not start it, because of the disruption',
    abandoned2: 'I knew about the disruption before I set off, so I did not travel',
    abandoned3: 'I did not travel because of a strike',
    abandoned4: 'I did not travel because of a storm',
    manual: 'I paid for a taxi, a hotel or other travel because of the disruption',
    somethingElse: 'Something else happened',
  },
  secondRequired: 'Select what happened to your journey',
  saveAnswer: 'Save answer',
  portionLegend: 'Which part of your journey did you not travel?',
  portionAnswers: {
    outwards: 'The outward journey',
    inwards: 'The return journey',
    both: 'Both the outward and the return journey',
  },
  portionOnlyOne: 'For this booking, a disruption refund can only be claimed for this part of the journey.',
  portionRequired: 'Select which part of your journey you did not travel',
  back: 'Back',
  restored: 'We have filled in the answers you gave before. Check them and continue.',
  /** Where the phone keeps no answers (docs/offline.md "Committing actions"). */
  answersNotKept: 'Your answers are kept only while this page stays open: this browser is not saving them.',
  loading: 'Checking which disruption refunds your booking can get…',
  statusFailure: "We couldn't load the refund status of your booking. Please try again.",
  tryAgain: 'Try again',
  contactSupport: 'Contact our support team',
  statusHelpSubject: (reference: string) => `Refund help for booking ${reference}`,
  // No disruption option (docs/product-rules.md section 2).
  noOptionHeading: 'A disruption refund cannot be claimed online for this booking',
  noOptionBody:
    'You can still claim: send us photos of your tickets and tell us about the disruption, and we will look at your claim.',
  noOptionLink: 'Claim a disruption refund with evidence',
  // Outcomes of the Finished page.
  delayRepayHeading: 'Claim Delay Repay from the train company',
  delayRepayLead: 'Delay repay requests must be sent to the train operating company',
  // Then where to claim (shared/ui/DelayRepayClaim.tsx).
  delayRepayKept: 'We have not refunded or cancelled your tickets.',
  contactHeading: 'Contact our customer services team',
  contactBody: 'We need to look at this claim ourselves.',
  contactBefore: 'Email',
  contactAfter: (reference: string) =>
    `with your booking reference ${reference} and tell us what happened. Attach receipts for any taxi, hotel or other travel you paid for.`,
  contactNoEmail: (reference: string) =>
    `Contact our customer services team with your booking reference ${reference} and tell us what happened. Keep receipts for any taxi, hotel or other travel you paid for.`,
  contactSubject: (reference: string) => `Disruption claim for booking ${reference}`,
  answerSaved: 'Your answer has been saved.',
  noAnswer: 'We could not find your answer to the disruption questions.',
  answerQuestions: 'Answer the disruption questions',
  startAgain: 'Start again',
} as const;
