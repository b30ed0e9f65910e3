/** The claim's rules on their own (docs/product-rules.md sections 5 and 9). */
import Dropzone from 'dropzone';
import * as yup from 'yup';
import bookings from '../../fixtures/bookings.json';
import type { Details } from '../../shared/types';
import { BOOKING_REFERENCE_INVALID_TEXT } from '../../shared/validation/schemas';
import { dropzoneOptions } from './components/UploadArea';
import { texts, REFUSAL, UPLOAD_DICT } from './texts';
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
    ['', { advanceFare: true, covid: false }, texts.replacementRequired],
    ['   ', { advanceFare: true, covid: false }, texts.replacementRequired],
    ['GWN8XT4K', { advanceFare: true, covid: false }, texts.sameReference],
    [' GWN8XT4K ', { advanceFare: true, covid: true }, texts.sameReference],
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
    [' GWN8XT4K ', 'GWN8XT4K', { advanceFare: true, covid: false }, texts.sameReference],
    [' GWN8XT4K ', 'KXB7HT2N', { advanceFare: true, covid: false }, undefined],
    ['   ', '', { advanceFare: true, covid: true }, undefined],
    ['   ', '', { advanceFare: true, covid: false }, texts.replacementRequired],
  ])('original %j, replacement %j with %j → %p', (original, value, options, message) => {
    expect(
      validateClaimForm(claimFormSchema(original, options), { replacementReference: value }).replacementReference,
    ).toEqual(message);
  });

  it.each([
    [{ advanceFare: true, covid: false }, { replacementReference: texts.replacementRequired }],
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
  it('carries the product limits, the resize and the refusal texts of docs/uploads.md', () => {
    const options = dropzoneOptions({ accepted: new Map(), resized: () => undefined });
    expect(options).toMatchObject({
      url: '/tickets/upload',
      maxFilesize: 10,
      maxFiles: 10,
      acceptedFiles: 'image/jpeg,image/png,image/gif',
      resizeWidth: 1200,
      clickable: false,
      dictFileTooBig: 'The selected file must be smaller than 10 MB',
      dictInvalidFileType: 'The selected file must be a JPG, PNG or GIF',
      dictMaxFilesExceeded: 'You can only add up to 10 photos – remove one to add another',
      dictResponseError: 'The selected file could not be uploaded – try again',
      dictUploadCanceled: 'The upload was cancelled – choose the photo again to upload it',
    });
    expect(options.resizeHeight).toBeUndefined();
    // Dropzone sends nothing itself: the request layer uploads (docs/architecture.md "One request layer").
    expect([options.headers, options.timeout, options.withCredentials]).toEqual([undefined, undefined, undefined]);
    expect(UPLOAD_LIMITS.maxFilesizeMiB * 1024 * 1024).toBe(10_485_760);
  });

  it("sets every one of dropzone's dict* texts: none of its defaults (docs/product-rules.md section 9) is left", () => {
    const element = document.createElement('div');
    const defaults = new Dropzone(element, { url: '/x' });
    const ours = new Dropzone(
      document.createElement('div'),
      dropzoneOptions({ accepted: new Map(), resized: () => undefined }),
    );
    try {
      const keys = Object.keys(defaults.options).filter((key) => key.startsWith('dict'));
      expect(keys.length).toBeGreaterThanOrEqual(14);
      const options = (dz: Dropzone) => dz.options as unknown as Record<string, unknown>;
      for (const key of keys) {
        expect([key, key in UPLOAD_DICT]).toEqual([key, true]);
        expect(options(ours)[key]).toEqual(UPLOAD_DICT[key as keyof typeof UPLOAD_DICT]);
        // dictRemoveFileConfirmation is null by default (no confirmation): it stays null.
        if (options(defaults)[key] !== null)
          expect([key, options(ours)[key]]).not.toEqual([key, options(defaults)[key]]);
      }
      const dictTexts = JSON.stringify(keys.map((key) => options(ours)[key]));
      expect(dictTexts).not.toMatch(/MiB|\{\{|Server responded|code\.|canceled|can not|can't/);
      // Dropzone writes some of them as HTML: no markup characters.
      expect(dictTexts).not.toMatch(/[<>&]/);
    } finally {
      defaults.destroy();
      ours.destroy();
    }
  });

  it('names each refusal in the GOV.UK file-upload pattern', () => {
    expect(REFUSAL).toEqual({
      wrongType: 'The selected file must be a JPG, PNG or GIF',
      tooBig: 'The selected file must be smaller than 10 MB',
      tooMany: 'You can only add up to 10 photos – remove one to add another',
      uploadFailed: 'The selected file could not be uploaded – try again',
      cancelled: 'The upload was cancelled – choose the photo again to upload it',
    });
    expect(texts.refusal('notes.txt', REFUSAL.wrongType)).toBe(
      'notes.txt: The selected file must be a JPG, PNG or GIF',
    );
  });
});
