/** Lookup texts: the docs/product-rules.md delay-repay message (section 5) is exact; the rest is ours. */
export const texts = {
  heading: 'Find your booking',
  intro: 'Enter your booking reference and the email address you booked with to see what you can get back.',
  bookingReferenceLabel: 'Booking reference',
  emailLabel: 'Email address',
  emailHint: 'The email address you used when you booked.',
  reasonLabel: 'Why do you want a refund?',
  reasonHint: 'Choose the reason that fits best.',
  // Labels wrap, so nothing is cut off at 375 px; the examples of a disruption are its hint.
  reasons: {
    NotTravelling: 'I no longer need to travel',
    Disruption: 'My journey was disrupted',
    Wheelchair: 'I could not travel because wheelchair access or assistance was not available',
    Other: 'Another reason',
  },
  reasonHints: {
    Disruption: 'For example delays, cancellations, strikes or storms',
  } as Partial<Record<string, string>>,
  reasonRequired: 'Select why you want a refund',
  // Delay-repay funnel (docs/product-rules.md section 5).
  delayRepayLegend: 'What happened to your journey?',
  delayRepayChoices: {
    delayRepay: 'I travelled, but my train was delayed',
    abandoned: 'I did not travel, or I abandoned my journey, because of the disruption',
  },
  delayRepayRequired: 'Select what happened to your journey',
  delayRepayInvalid: 'Delay repay requests must be sent to the train operating company',
  delayRepayAdviceHeading: 'Claim Delay Repay from the train company',
  delayRepayAdvice:
    'If you travelled and your train arrived late, we cannot refund your tickets. You can claim compensation through Delay Repay instead.',
  // Wheelchair funnel (docs/decisions.md "Start page and disruption").
  wheelchairLegend: 'What stopped you from travelling?',
  wheelchairChoices: {
    assistanceNotProvided: 'Passenger Assist help that I booked was not provided',
    noStepFreeAccess: 'A station or train had no step-free access, for example a lift was out of order',
    otherAccess: 'Something else about access or assistance',
  },
  wheelchairRequired: 'Select what stopped you from travelling',
  wheelchairHeading: 'If you could not travel because access or assistance was not there',
  wheelchairSorry:
    'We are sorry you could not make your journey. You should not lose money because the access or help you needed was not available.',
  wheelchairFullRefund:
    'Continue to see your refund. If it shows an admin fee, you can ask us to waive the fee and give you a full refund.',
  wheelchairContactBefore: 'To ask, email',
  wheelchairContactAfter: 'with your booking reference and what happened.',
  wheelchairContactNoEmail: 'To ask, contact our customer services team with your booking reference and what happened.',
  wheelchairOther: 'Tell us what happened when you contact us, so that we can look at your case and put things right.',
  wheelchairAssistHeading: 'Passenger Assist for your next journey',
  wheelchairAssist:
    'Passenger Assist is free. Staff can meet you at the station, provide a ramp, help you on and off the train and plan a step-free route. You can book it up to 2 hours before you travel, through the Passenger Assist app or website, or by calling the train company.',
  wheelchairSubject: (reference: string) =>
    reference ? `Access refund for booking ${reference}` : 'Access refund for my booking',
  // Printed-ticket warning (docs/product-rules.md section 2).
  printedToggle: 'Do you have printed tickets?',
  printedWarning: [
    'Printed (paper) tickets cannot be refunded automatically.',
    'After you continue, we will ask for photos of your tickets: photograph them, cut each ticket in half, and photograph them again. Keep the tickets until your claim is settled.',
  ],
  submit: 'Continue',
  loadingQuestion: 'Loading the next question…',
} as const;
