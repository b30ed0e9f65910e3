/** The disruption questions' schemas: answers carry docs/product-rules.md identifiers. */
import { messageOf as message } from '../../test/yupMessages';
import { firstQuestionSchema, portionSchema, secondQuestionSchema } from './validation';

describe('firstQuestionSchema', () => {
  it.each(['Yes', 'YesBefore', 'Strike', 'Heatwave', 'No'])('accepts %s', (answer) => {
    expect(message(firstQuestionSchema, { answer })).toBeNull();
  });

  it.each([undefined, '', 'yes', 'Storm'])('refuses %j', (answer) => {
    expect(message(firstQuestionSchema, { answer })).toBe('Select the option which applies');
  });
});

describe('secondQuestionSchema', () => {
  it.each(['delayed', 'abandoned1', 'abandoned2', 'abandoned3', 'abandoned4', 'manual', 'somethingElse'])(
    'accepts %s',
    (reason) => {
      expect(message(secondQuestionSchema, { reason })).toBeNull();
    },
  );

  it.each([undefined, '', 'abandoned5', 'Delayed'])('refuses %j', (reason) => {
    expect(message(secondQuestionSchema, { reason })).toBe('Select what happened to your journey');
  });
});

describe('portionSchema', () => {
  it('accepts only the portions offered', () => {
    const schema = portionSchema(['outwards']);
    expect(message(schema, { portion: 'outwards' })).toBeNull();
    for (const portion of ['inwards', 'both', '', undefined]) {
      expect(message(schema, { portion })).toBe('Select which part of your journey you did not travel');
    }
    expect(message(portionSchema(['outwards', 'inwards', 'both']), { portion: 'both' })).toBeNull();
  });
});
