/**
 * Texts of the manual claim widget. Quoted docs/product-rules.md texts (sections 2, 8 and 9; docs/decisions.md "Upload
 * refusals") are exact; the others are ours where docs/product-rules.md leaves the wording open.
 */
export const CTEXT = {
  title: 'Further evidence required',
  offline: "You're offline. Your photos are saved on this phone and will be sent when you're back online.",
  earlierClaimPending:
    'Your earlier request may not have reached us. You can press the button again: your claim will not be sent twice.',
  bookingReference: (reference: string) => `Booking reference: ${reference}`,
  intro:
    'Your booking has printed tickets. To claim a refund, send us photos of the tickets before and after cutting them in half.',
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
  uploadHint: 'JPEG, PNG or GIF, up to 10 MiB each and at most 10 photos. You can also drag photos into this box.',
  loadingUpload: 'Loading the photo upload…',
  uploadsHeading: 'Your photos',
  statusWaiting: 'Waiting to upload',
  statusUploading: 'Uploading…',
  statusUploaded: 'Uploaded',
  statusRemoving: 'Removing…',
  removeFile: (name: string) => `Remove ${name}`,
  retryRemove: (name: string) => `Try removing ${name} again`,
  retryUpload: (name: string) => `Try uploading ${name} again`,
  removeFailed: 'We could not remove this photo. Please try again.',
  duplicate: 'You have already added this photo.',
  tooManyPixels: (width: number, height: number) =>
    `This photo is ${width} × ${height} pixels, more than we can handle. Please choose a photo of at most 40 megapixels, for example 8000 × 5000 pixels.`,
  photoUnreadable: 'We could not open this photo. Please choose another copy of it, saved as JPEG, PNG or GIF.',
  unreadableUpload: 'The server sent an answer we could not read.',
  uploadTimedOut: 'The upload took too long. Please try again.',
  uploadNoAnswer: 'The upload failed: we could not reach the server. Please try again.',
  refusedHeading: 'Some files were not added',
  refusal: (name: string, message: string) => `${name}: ${message}`,
  fileRemoved: (name: string) => `${name} removed.`,
  fileUploaded: (name: string) => `${name} uploaded.`,
  submit: 'Submit claim',
  submitting: 'Sending your claim…',
  needOneImage: 'Upload at least one photo to submit your claim.',
  waitForUploads: 'Please wait until your photos have finished uploading.',
  submitted: 'Claim submitted',
  submittedBody:
    'We have received your photos. We will check them and e-mail you about your refund, usually within 10 working days.',
  startAgain: 'Start again',
  failed: 'Something went wrong',
  failedBody: (address: string, reference: string) =>
    `We could not send your claim. Please e-mail your photos to ${address} and include your booking reference ${reference}.`,
  failedBodyNoAddress: (reference: string) =>
    `We could not send your claim. Please e-mail your photos to our support team and include your booking reference ${reference}.`,
  emailSupport: 'E-mail your photos to support',
  mailSubject: (reference: string) => `Manual refund claim for booking ${reference}`,
  mailBody: (reference: string) =>
    `Booking reference: ${reference}\n\nPlease find attached photos of my tickets, whole and cut in half.\n`,
  tryAgain: 'Try again',
} as const;

/**
 * The upload widget's messages with the product's limits (docs/product-rules.md section 9, docs/decisions.md "Upload
 * refusals"): `{{filesize}}`, `{{maxFilesize}}` and `{{statusCode}}` are filled in by dropzone.
 */
export const UPLOAD_DICT = {
  dictFileTooBig: 'File is too big ({{filesize}}MiB). Max filesize: {{maxFilesize}}MiB.',
  dictInvalidFileType: "You can't upload files of this type.",
  dictResponseError: 'Server responded with {{statusCode}} code.',
  dictCancelUpload: 'Cancel upload',
  dictUploadCanceled: 'Upload canceled.',
  dictMaxFilesExceeded: 'You can not upload any more files.',
} as const;
