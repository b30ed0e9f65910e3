// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The reference backend checks request bodies with the host contract's own schemas
 * (contract/schemas/, docs/reference-backend.md "Request checks"): what the contract shows is
 * accepted, and each field the contract requires is asked for by name.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { checkRequest, contractSchema, schemaFiles } = require('./requests');

const HOST_CONTRACT = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'host-contract.md'), 'utf8');

/** The JSON examples of docs/host-contract.md under `<!-- example: NAME -->`. */
function examples(name) {
  const marker = new RegExp(`<!--\\s*example:\\s*${name}\\s*-->\\s*\\n\\s*\`\`\`json\\n([\\s\\S]*?)\\n\`\`\``, 'g');
  return [...HOST_CONTRACT.matchAll(marker)].map((match) => JSON.parse(match[1]));
}

/** @type {import('./requests').RequestName[]} */
const REQUESTS = ['confirmRefundRequest', 'lookupRequest', 'replacementRequest', 'vitalsReport'];

describe('the request checks of the reference backend', () => {
  it.each(REQUESTS)('accepts every example of %s in the host contract', (name) => {
    const shown = examples(name);
    expect(shown.length).toBeGreaterThan(0);
    for (const example of shown) expect(checkRequest(example, name)).toBeNull();
  });

  it.each(REQUESTS)('asks for each field %s requires, by name', (name) => {
    const [example] = examples(name);
    const { required = [] } = contractSchema(name);
    expect(required.length).toBeGreaterThan(1);
    for (const field of required) {
      const body = { ...example };
      delete body[field];
      expect(checkRequest(body, name)).toEqual({
        status: 400,
        json: { message: expect.stringMatching(`^${field} must be `) },
      });
    }
  });

  it('says what a field of the wrong type must be', () => {
    const [refund] = examples('confirmRefundRequest');
    const wrong = (change) =>
      /** @type {{ json: { message: string } } | null} */ (
        checkRequest({ ...refund, ...change }, 'confirmRefundRequest')
      )?.json.message;
    expect(wrong({ journeyId: '700101' })).toBe('journeyId must be an integer.');
    expect(wrong({ journeyId: 1.5 })).toBe('journeyId must be an integer.');
    expect(wrong({ defer: 'true' })).toBe('defer must be true or false.');
    expect(wrong({ protectedReference: 7 })).toBe('protectedReference must be a string.');
    const [lookup] = examples('lookupRequest');
    expect(checkRequest({ ...lookup, email: 'name@example' }, 'lookupRequest')).toEqual({
      status: 400,
      json: { message: 'email must be a string in the documented format.' },
    });
  });

  it.each(REQUESTS)(
    '%s has fields the checks can name: integers, numbers, booleans, strings (or null), nothing else',
    (name) => {
      const schema = contractSchema(name);
      expect(schema.additionalProperties).toBeUndefined();
      for (const field of Object.values(schema.properties ?? {}))
        expect(['integer', 'number', 'boolean', 'string', '["string","null"]']).toContain(
          typeof field.type === 'string' ? field.type : JSON.stringify(field.type),
        );
    },
  );

  it('says what a field of a vitals report must be: one of its values, a number, a string or null', () => {
    const [report] = examples('vitalsReport');
    const wrong = (change) =>
      /** @type {{ json: { message: string } } | null} */ (checkRequest({ ...report, ...change }, 'vitalsReport'))?.json
        .message;
    expect(wrong({ name: 'lcp' })).toBe('name must be one of "LCP", "INP", "CLS", "TTFB".');
    expect(wrong({ value: -0.5 })).toBe('value must be a number, 0 or more.');
    expect(wrong({ value: 0.0001 })).toBeUndefined();
    expect(wrong({ widget: null })).toBeUndefined();
    expect(wrong({ widget: false })).toBe('widget must be a string of at most 64 characters or null.');
    expect(wrong({ route: null })).toBe('route must be a string of at most 2000 characters.');
  });

  it.each([null, 42, 'text', [], [{}]])('refuses a body that is not a JSON object (%p)', (body) => {
    expect(checkRequest(body, 'lookupRequest')).toEqual({
      status: 400,
      json: { message: 'The request body must be a JSON object.' },
    });
  });

  it("reads the contract's schema files, and names a schema it lacks", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rw-schemas-'));
    fs.writeFileSync(path.join(dir, 'one.json'), '{ "$schema": "x", "$id": "one.json", "type": "string" }');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a schema');
    expect(schemaFiles(dir)).toEqual({ one: { type: 'string' } });
    expect(contractSchema('errorReport').required).toContain('message');
    expect(() => contractSchema('noSuchSchema')).toThrow('contract/schemas/ has no schema "noSuchSchema"');
  });
});
