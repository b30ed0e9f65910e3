/** The claim's rules on their own (docs/product-rules.md sections 5 and 9). */
import * as yup from 'yup';
import bookings from '../../fixtures/bookings.json';
import type { Details } from '../../shared/types';
import { BOOKING_REFERENCE_INVALID_TEXT } from '../../shared/validation/schemas';
import { dropzoneOptions } from './components/UploadArea';
import { CTEXT } from './texts';
import type { ClaimFormValues } from './types';
import {
  buildClaimRequest,
  claimFormSchema,
  expectedTickets,
  hasAdvanceFare,
  parseUploadId,
  UPLOAD_LIMITS,
  validateClaimForm,
} from './validation';

const printed = (bookings as unknown as Record<string, { details: Details }>).printed.details;
const advance = (bookings as unknown as Record<string, { details: Details }>)['printed-advance'].details;

describe('claimFormSchema', () => {
  const check = (value: string, options: { advanceFare: boolean; covid: boolean }) =>
    validateClaimForm(claimFormSchema('GWN8XT4K', options), { replacementReference: value }).replacementReference;

  it.each([
    ['', { advanceFare: true, covid: false }, CTEXT.replacementRequired],
    ['   ', { advanceFare: true, covid: false }, CTEXT.replacementRequired],
    ['GWN8XT4K', { advanceFare: true, covid: false }, CTEXT.sameReference],
    [' GWN8XT4K ', { advanceFare: true, covid: true }, CTEXT.sameReference],
    ['gwn8xt4k', { advanceFare: true, covid: false }, expect.stringContaining('correct format')],
    ['ABC', { advanceFare: true, covid: true }, expect.stringContaining('correct format')],
    ['KXB7HT2N', { advanceFare: true, covid: false }, undefined],
    ['E-123456789', { advanceFare: true, covid: false }, undefined],
    ['', { advanceFare: true, covid: true }, undefined],
    ['', { advanceFare: false, covid: false }, undefined],
    ['anything', { advanceFare: false, covid: false }, undefined],
  ])('%j with %j → %p', (value, options, message) => {
    expect(check(value, options)).toEqual(message);
  });

  it.each([
    [' GWN8XT4K ', 'GWN8XT4K', { advanceFare: true, covid: false }, CTEXT.sameReference],
    [' GWN8XT4K ', 'KXB7HT2N', { advanceFare: true, covid: false }, undefined],
    ['   ', '', { advanceFare: true, covid: true }, undefined],
    ['   ', '', { advanceFare: true, covid: false }, CTEXT.replacementRequired],
  ])('original %j, replacement %j with %j → %p', (original, value, options, message) => {
    expect(
      validateClaimForm(claimFormSchema(original, options), { replacementReference: value }).replacementReference,
    ).toEqual(message);
  });

  it.each([
    [{ advanceFare: true, covid: false }, { replacementReference: CTEXT.replacementRequired }],
    [{ advanceFare: true, covid: true }, {}],
    [{ advanceFare: false, covid: false }, {}],
  ])('treats a missing replacement reference as empty with %j', (options, errors) => {
    expect(validateClaimForm(claimFormSchema('GWN8XT4K', options), {} as ClaimFormValues)).toEqual(errors);
  });
});

describe('validateClaimForm', () => {
  it('shows only the first of several messages for the field', () => {
    const schema = claimFormSchema('gwn8xt4k', { advanceFare: true, covid: false });
    expect(validateClaimForm(schema, { replacementReference: 'gwn8xt4k' })).toEqual({
      replacementReference: BOOKING_REFERENCE_INVALID_TEXT,
    });
  });

  it('shows an error that comes without inner errors on the replacement reference', () => {
    const schema = yup.object({
      replacementReference: yup
        .string()
        .default('')
        .transform(() => {
          throw new yup.ValidationError('Cannot read this reference');
        }),
    });
    expect(validateClaimForm(schema, { replacementReference: 'KXB7HT2N' })).toEqual({
      replacementReference: 'Cannot read this reference',
    });
  });
});

describe('hasAdvanceFare and expectedTickets', () => {
  it('tells advance fares apart', () => {
    expect(hasAdvanceFare(printed)).toBe(false);
    expect(hasAdvanceFare(advance)).toBe(true);
  });

  it('lists each ticketsIssued entry with its count and unit price in pence', () => {
    expect(expectedTickets(printed)).toEqual([{ description: 'Off-Peak Return', count: 2, pricePence: 5120 }]);
    const details = JSON.parse(JSON.stringify(advance)) as Details;
    details.JourneyPlannerResults.fareDetails[0].tickets.push({
      ticketsIssued: [
        { count: 0, price: 100 },
        { count: 3, price: 1999.6 },
      ],
    });
    expect(expectedTickets(details)).toEqual([
      { description: 'Advance Single', count: 1, pricePence: 4450 },
      { description: 'Advance Single', count: 3, pricePence: 2000 },
    ]);
  });
});

describe('parseUploadId', () => {
  it.each([
    ['abc123', 'abc123'],
    ['  abc123\n', 'abc123'],
    ['"abc123"', 'abc123'],
    [' "abc123"\n', 'abc123'],
    ['" abc123 "', 'abc123'],
    ['{"id":"abc123"}', 'abc123'],
    ['\n{"id":"abc123"} ', 'abc123'],
    [{ id: 'abc123' }, 'abc123'],
    [{ id: ' abc123 ' }, 'abc123'],
    ['x'.repeat(200), 'x'.repeat(200)],
    [{ id: 42 }, '42'],
    [42, '42'],
    // Plain text that is not JSON-shaped is the id itself, never read as a number.
    ['1e5', '1e5'],
    ['nullable-id', 'nullable-id'],
  ])('%j → %j', (answer, id) => {
    expect(parseUploadId(answer)).toBe(id);
  });

  it.each([
    [''],
    ['   '],
    [{}],
    [{ id: '' }],
    [{ id: '   ' }],
    ['"abc123'],
    ['{"id":"abc123"'],
    [1.5],
    [{ id: 1.5 }],
    [9007199254740992],
    [null],
    [undefined],
    [['a']],
    ['a\u0000b'],
    ['x'.repeat(201)],
    [{ id: {} }],
    // JSON text that holds no id: the request layer hands every answer over as text.
    ['null'],
    [' null\n'],
    ['["abc123"]'],
    ['[1'],
  ])('refuses %j', (answer) => {
    expect(parseUploadId(answer)).toBeNull();
  });
});

describe('buildClaimRequest', () => {
  it('sends Ctr and Images, ReplacementCtr only when given, Disruption only when set', () => {
    expect(
      buildClaimRequest({
        bookingReference: 'LBG7WK2F',
        uploadIds: ['a', 'b'],
        replacementReference: ' ',
        disruption: false,
      }),
    ).toEqual({ Ctr: 'LBG7WK2F', Images: ['a', 'b'] });
    expect(
      buildClaimRequest({
        bookingReference: 'GWN8XT4K',
        uploadIds: ['a'],
        replacementReference: ' KXB7HT2N ',
        disruption: true,
      }),
    ).toEqual({ Ctr: 'GWN8XT4K', Images: ['a'], ReplacementCtr: 'KXB7HT2N', Disruption: true });
  });

  it('trims the booking reference', () => {
    expect(
      buildClaimRequest({
        bookingReference: ' LBG7WK2F\n',
        uploadIds: ['a'],
        replacementReference: '',
        disruption: false,
      }),
    ).toEqual({ Ctr: 'LBG7WK2F', Images: ['a'] });
  });
});

describe('dropzoneOptions', () => {
  it('carries the product limits, the resize and the refusal texts of docs/architecture.md', () => {
    const options = dropzoneOptions({ accepted: new Map(), resized: () => undefined });
    expect(options).toMatchObject({
      url: '/tickets/upload',
      maxFilesize: 10,
      maxFiles: 10,
      acceptedFiles: 'image/jpeg,image/png,image/gif',
      resizeWidth: 1200,
      clickable: false,
      dictFileTooBig: 'File is too big ({{filesize}}MiB). Max filesize: {{maxFilesize}}MiB.',
      dictInvalidFileType: "You can't upload files of this type.",
      dictMaxFilesExceeded: 'You can not upload any more files.',
      dictResponseError: 'Server responded with {{statusCode}} code.',
    });
    expect(options.resizeHeight).toBeUndefined();
    // Dropzone sends nothing itself: the request layer uploads (docs/architecture.md "One request layer").
    expect([options.headers, options.timeout, options.withCredentials]).toEqual([undefined, undefined, undefined]);
    expect(UPLOAD_LIMITS.maxFilesizeMiB * 1024 * 1024).toBe(10_485_760);
  });
});
