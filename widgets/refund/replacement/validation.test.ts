import { isWidgetError } from '../../../shared/errors/WidgetError';
import { DIRECT_SINGLE, lookupAnswer, RETURN_WITH_CHANGE } from '../../../test/widgets/refund/replacement/testData';
import { messagesByField } from '../../../test/yupMessages';
import { parseLookupResponse, replacementFormSchema, trimFormValues } from './validation';

const schema = replacementFormSchema('GLX2NF7R');

/** The validation messages for a set of values, by field. */
async function errorsOf(values: { bookingReference: string; email: string }): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    return messagesByField(error);
  }
}

describe('replacement form schema (docs/product-rules.md section 5)', () => {
  it.each(['WRT3FG4H', 'E-AB12CD34Z', ' KXB7HT2N ', 'E-123456789'])('accepts the booking reference %j', async (ref) => {
    expect(await errorsOf({ bookingReference: ref, email: 'a@example.com' })).toEqual({});
  });

  it.each(['', '   '])('requires the booking reference (%j)', async (ref) => {
    expect((await errorsOf({ bookingReference: ref, email: 'a@example.com' })).bookingReference).toBe(
      'Enter your booking reference',
    );
  });

  it.each(['WRT3FG4', 'WRT3FG4HX', 'wrt3fg4h', 'ABCDEFGH', 'WRT3FG1H', 'E-12345678', 'E-abcdefghi', 'E_123456789'])(
    'refuses the booking reference %j with the format message',
    async (ref) => {
      expect((await errorsOf({ bookingReference: ref, email: 'a@example.com' })).bookingReference).toBe(
        'Enter a booking reference in the correct format, like KXB7HT2N or E-123456789',
      );
    },
  );

  it.each(['GLX2NF7R', '  GLX2NF7R  '])('refuses the original booking reference %j', async (ref) => {
    expect((await errorsOf({ bookingReference: ref, email: 'a@example.com' })).bookingReference).toBe(
      'Cannot be the same as the original booking reference',
    );
  });

  it('compares with the original in E- format too', async () => {
    const eSchema = replacementFormSchema('E-7K2M9Q4ZA');
    await expect(eSchema.validate({ bookingReference: 'E-7K2M9Q4ZA', email: 'a@example.com' })).rejects.toThrow(
      'Cannot be the same as the original booking reference',
    );
    await expect(eSchema.validate({ bookingReference: 'E-7K2M9Q4ZB', email: 'a@example.com' })).resolves.toBeTruthy();
  });

  it('trims the original booking reference before comparing', async () => {
    const spaced = replacementFormSchema(' GLX2NF7R\t');
    await expect(spaced.validate({ bookingReference: 'GLX2NF7R', email: 'a@example.com' })).rejects.toThrow(
      'Cannot be the same as the original booking reference',
    );
  });

  it('compares the trimmed value also when validating without casting (strict)', async () => {
    await expect(
      schema.validate({ bookingReference: ' GLX2NF7R ', email: 'a@example.com' }, { strict: true, abortEarly: false }),
    ).rejects.toMatchObject({
      errors: [
        'bookingReference must be a trimmed string',
        'Enter a booking reference in the correct format, like KXB7HT2N or E-123456789',
        'Cannot be the same as the original booking reference',
      ],
    });
  });

  it('names the rule differs-from-original in the error', async () => {
    await expect(schema.validate({ bookingReference: 'GLX2NF7R', email: 'a@example.com' })).rejects.toMatchObject({
      name: 'ValidationError',
      path: 'bookingReference',
      type: 'differs-from-original',
      message: 'Cannot be the same as the original booking reference',
    });
  });

  it.each([
    ['', 'Enter your email address'],
    ['traveller', 'Enter an email address in the correct format, like name@example.com'],
    ['traveller@example', 'Enter an email address in the correct format, like name@example.com'],
    ['a b@example.com', 'Enter an email address in the correct format, like name@example.com'],
  ])('refuses the e-mail %j', async (email, message) => {
    expect((await errorsOf({ bookingReference: 'WRT3FG4H', email })).email).toBe(message);
  });

  it('accepts a valid e-mail with surrounding spaces, and trimFormValues trims both values', async () => {
    expect(await errorsOf({ bookingReference: 'WRT3FG4H', email: '  ferry.fan+iow@example.co.uk ' })).toEqual({});
    expect(trimFormValues({ bookingReference: ' WRT3FG4H\t', email: ' a@example.com ' })).toEqual({
      bookingReference: 'WRT3FG4H',
      email: 'a@example.com',
    });
  });
});

describe('parseLookupResponse (docs/product-rules.md sections 3 and 5)', () => {
  it('keeps the journeys of items with a refund status and discards the others', () => {
    expect(parseLookupResponse(lookupAnswer()).map((j) => j.journeyID)).toEqual([
      DIRECT_SINGLE.journeyID,
      RETURN_WITH_CHANGE.journeyID,
    ]);
  });

  it('discards items whose refund status is absent, even when their journeys are malformed', () => {
    expect(
      parseLookupResponse([{ journeyList: [{ journeyID: 'x' }] }, { refundStatus: null, journeyList: 'nonsense' }]),
    ).toEqual([]);
  });

  it('gives [] for an empty list', () => {
    expect(parseLookupResponse([])).toEqual([]);
  });

  it('reads a missing or null return as no return', () => {
    const { legRecordsRtn: _dropped, ...single } = DIRECT_SINGLE;
    const [parsed] = parseLookupResponse([{ refundStatus: {}, journeyList: [{ ...single }] }]);
    expect(parsed.legRecordsRtn).toEqual([]);
    const [nulled] = parseLookupResponse([{ refundStatus: {}, journeyList: [{ ...single, legRecordsRtn: null }] }]);
    expect(nulled.legRecordsRtn).toEqual([]);
  });

  it.each([
    [
      'not a list',
      { refundStatus: {}, journeyList: [] },
      'this must be a `array` type, but the final value was: `{\n  "refundStatus": {},\n  "journeyList": []\n}`.',
    ],
    [
      'a kept journey without legs',
      [{ refundStatus: {}, journeyList: [{ ...DIRECT_SINGLE, legRecordsOut: [] }] }],
      '[0].legRecordsOut field must have at least 1 items',
    ],
    [
      'a kept journey with a text cost',
      [{ refundStatus: {}, journeyList: [{ ...DIRECT_SINGLE, totalCost: '£60' }] }],
      '[0].totalCost must be a `number` type, but the final value was: `NaN` (cast from the value `"£60"`).',
    ],
    [
      'a kept journey without an id',
      [{ refundStatus: {}, journeyList: [{ ...DIRECT_SINGLE, journeyID: undefined }] }],
      '[0].journeyID is a required field',
    ],
    [
      'two malformed items (only the first fault is told)',
      [{ refundStatus: 'yes' }, { refundStatus: 'no' }],
      '[0].refundStatus must be a `object` type, but the final value was: `"yes"`.',
    ],
  ])('refuses %s as INVALID_RESPONSE, telling the fault and keeping the cause', (_name, answer, detail) => {
    let thrown: unknown;
    try {
      parseLookupResponse(answer);
    } catch (error) {
      thrown = error;
    }
    expect(isWidgetError(thrown, 'INVALID_RESPONSE')).toBe(true);
    expect((thrown as Error).message).toBe(`The journey lookup answer was not in the expected form: ${detail}`);
    expect((thrown as Error).cause).toMatchObject({ name: 'ValidationError', errors: [detail] });
  });
});
