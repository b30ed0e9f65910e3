/**
 * Manual claim texts: docs/product-rules.md quotes exact; the others in the GOV.UK file-upload pattern
 * (docs/uploads.md "What the traveller reads"; docs/decisions.md "The manual claim's words").
 */
import photo from '../../contract/rules/photo.json';

/** The photo texts the reference backend answers too (docs/host-contract.md "Shared rules"). */
const photoTexts = photo.texts;

export const texts = {
  title: 'Further evidence required',
  offline: "You're offline. Your photos are saved on this phone and will be sent when you're back online.",
  earlierClaimPending:
    'Your earlier request may not have reached us. You can press the button again: your claim will not be sent twice.',
  bookingReference: (reference: string) => `Booking reference: ${reference}`,
  intro:
    'Your booking has printed tickets. To claim a refund, send us photos of the tickets before and after cutting them in half.',
  partJourneyIntro:
    'Your replacement journey covers only part of this journey, so we check this refund by hand. Send us photos of the unused tickets for the part you did not travel, before and after cutting them in half.',
  partJourneyReference:
    'Enter the booking reference of your replacement journey below, so that we can see which part of the journey it replaces.',
  disruptionNote: 'You told us your journey was disrupted. We will take this into account when we look at your claim.',
  stepsHeading: 'What to do',
  steps: [
    'Photograph all of your tickets, whole, so that every word on them can be read.',
    'Cut each ticket in half.',
    'Photograph the cut tickets again, with both halves of each ticket in view.',
  ],
  exampleHeading: 'Example photos',
  exampleBefore: 'Before: the whole ticket',
  exampleAfter: 'After: the same ticket cut in half',
  exampleBeforeAlt: 'Drawing of a whole rail ticket, photographed flat',
  exampleAfterAlt: 'Drawing of the same rail ticket cut into two halves, photographed side by side',
  highResolution:
    'Only high-resolution images (about 1 MB or more) are accepted. Take each photo in good light, with the whole ticket in view.',
  madeSmaller:
    'Take your photos at full size: before sending them, we make each one smaller (at most 1200 pixels wide) so that it uploads quickly.',
  ticketsHeading: 'Tickets we expect to see',
  ticketLine: (count: number, description: string) => `${count} × ${description}`,
  priceEach: (amount: string) => `${amount} each`,
  noTickets: 'Photograph every ticket you were sent for this booking.',
  replacementLabel: 'Replacement booking reference',
  replacementHint:
    'Advance tickets can only be refunded when you have booked a replacement journey. Enter its booking reference, like KXB7HT2N or E-123456789.',
  replacementHintCovid:
    'If you booked a replacement journey, enter its booking reference, like KXB7HT2N or E-123456789. You can leave this empty.',
  replacementRequired: 'Enter the booking reference of your replacement journey',
  sameReference: 'Cannot be the same as the overarching booking reference',
  uploadHeading: 'Upload your photos',
  uploadLabel: 'Choose photos of your tickets',
  uploadHint: 'JPG, PNG or GIF, smaller than 10 MB each, and up to 10 photos. You can also drag photos into this box.',
  loadingUpload: 'Loading the photo upload…',
  /** Where the phone keeps no draft (docs/offline.md "The claim draft"). */
  photosNotKept:
    'Your photos are kept only while this page stays open: this browser is not saving them. If you reload or close the page, add them again.',
  /** Where the phone keeps no note of the claim's key (docs/offline.md "Committing actions"). */
  claimNotKept: 'Keep this page open until you see "Claim submitted": this browser is not saving your claim.',
  uploadsHeading: 'Your photos',
  noPhotos: 'You have not added any photos.',
  statusWaiting: 'Waiting to upload',
  statusUploading: 'Uploading…',
  statusUploaded: 'Uploaded',
  statusRemoving: 'Removing…',
  removeFile: (name: string) => `Remove ${name}`,
  retryRemove: (name: string) => `Try removing ${name} again`,
  retryUpload: (name: string) => `Try uploading ${name} again`,
  removeFailed: 'We could not remove this photo. Please try again.',
  duplicate: photoTexts.duplicate,
  tooManyPixels: (width: number, height: number) =>
    photoTexts.tooManyPixels.replace('{width}', String(width)).replace('{height}', String(height)),
  photoUnreadable: photoTexts.unreadable,
  unreadableUpload: 'We could not tell whether this photo arrived. Remove it, then add it again.',
  uploadTimedOut: 'The upload took too long. Please try again.',
  uploadNoAnswer: 'We could not send this photo. Check your internet connection, then try again.',
  uploadServerError: 'The photo could not be uploaded just now. Please try again.',
  uploadRefused: 'This photo was not accepted. Remove it and choose another photo.',
  refusedHeading: 'Some files were not added',
  refusal: (name: string, message: string) => `${name}: ${message}`,
  fileRemoved: (name: string) => `${name} removed.`,
  fileUploaded: (name: string) => `${name} uploaded.`,
  submit: 'Submit claim',
  submitting: 'Sending your claim…',
  needOneImage: 'Upload at least one photo to submit your claim.',
  waitForUploads: 'Please wait until your photos have finished uploading.',
  submitted: 'Claim submitted',
  /** The receipt line under `Claim submitted`, London date and time (docs/product-rules.md section 2). */
  submittedAt: (date: string, time: string) => `${texts.submitted} on ${date} at ${time} (UK time).`,
  submittedBody:
    'We have received your photos. We will check them and email you about your refund, usually within 10 working days.',
  startAgain: 'Start again',
  failed: 'Something went wrong',
  failedBody: (address: string, reference: string) =>
    `We could not send your claim. Please email your photos to ${address} and include your booking reference ${reference}.`,
  failedBodyNoAddress: (reference: string) =>
    `We could not send your claim. Please email your photos to our support team and include your booking reference ${reference}.`,
  emailSupport: 'Email your photos to support',
  mailSubject: (reference: string) => `Manual refund claim for booking ${reference}`,
  mailBody: (reference: string) =>
    `Booking reference: ${reference}\n\nPlease find attached photos of my tickets, whole and cut in half.\n`,
  tryAgain: 'Try again',
} as const;

/**
 * Dropzone's refusals, shown as `{name}: {refusal}`, in the GOV.UK pattern (no full stop), with the limits of
 * docs/product-rules.md sections 5 and 9.
 */
export const REFUSAL = {
  wrongType: photoTexts.wrongType,
  tooBig: photoTexts.tooBig,
  tooMany: photoTexts.tooMany,
  uploadFailed: 'The selected file could not be uploaded – try again',
  cancelled: 'The upload was cancelled – choose the photo again to upload it',
} as const;

/**
 * Every dropzone `dict*` option, so none of its defaults reaches the traveller (docs/uploads.md "What the traveller
 * reads"). Dropzone writes some as HTML, so they hold no markup characters.
 */
export const UPLOAD_DICT = {
  dictDefaultMessage: 'Drag photos into this box',
  dictFallbackMessage: 'Dragging photos into this box does not work in this browser. Choose them with the button.',
  dictFallbackText: 'Choose your photos with the button.',
  dictFileTooBig: REFUSAL.tooBig,
  dictInvalidFileType: REFUSAL.wrongType,
  dictThumbnailError: texts.photoUnreadable,
  dictResponseError: REFUSAL.uploadFailed,
  dictCancelUpload: 'Stop uploading this photo',
  dictUploadCanceled: REFUSAL.cancelled,
  dictCancelUploadConfirmation: 'Do you want to stop uploading this photo?',
  dictRemoveFile: 'Remove photo',
  dictRemoveFileConfirmation: null,
  dictMaxFilesExceeded: REFUSAL.tooMany,
  dictFileSizeUnits: { tb: 'TB', gb: 'GB', mb: 'MB', kb: 'KB', b: 'bytes' },
} as const;
