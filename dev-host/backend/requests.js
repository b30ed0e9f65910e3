// @ts-check
// Request bodies checked against the contract's JSON Schemas (docs/reference-backend.md "Request checks").
'use strict';

const fs = require('fs');
const path = require('path');
const Ajv = require('ajv').default;
const { badRequest } = require('./answers');

/**
 * @typedef {{ protectedReference: string, journeyId: number, covid19: boolean, defer: boolean,
 *   disruptedOutwards: boolean, disruptedInwards: boolean }} ConfirmRefundRequest
 * @typedef {{ bookingReference: string, email: string }} LookupRequest
 * @typedef {{ protectedReference: string, journeyId: number, replacementBookingReference: string,
 *   replacementJourneyId: number }} ReplacementRequest
 * @typedef {'confirmRefundRequest' | 'lookupRequest' | 'replacementRequest' | 'vitalsReport'} RequestName
 * @typedef {{ type?: string | string[], pattern?: string, format?: string, enum?: unknown[],
 *   properties?: Record<string, JsonSchema>, required?: string[], additionalProperties?: boolean | JsonSchema,
 *   items?: JsonSchema, minItems?: number, minimum?: number, maxLength?: number }} JsonSchema
 */

/**
 * The JSON Schemas of a folder's `NAME.json` files, by name, without `$schema` and `$id`.
 * @param {string} dir
 * @returns {Record<string, JsonSchema>}
 * @throws SyntaxError when a file is not JSON
 */
function schemaFiles(dir) {
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => {
        const schema = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
        delete schema.$schema;
        delete schema.$id;
        return [file.slice(0, -5), schema];
      }),
  );
}

const schemas = schemaFiles(path.join(__dirname, '..', '..', 'contract', 'schemas'));

/**
 * @param {string} name a file of contract/schemas/ without `.json`, e.g. `errorReport`
 * @returns {JsonSchema}
 * @throws Error when there is none
 */
function contractSchema(name) {
  const schema = schemas[name];
  if (!schema) throw new Error(`Dev host: contract/schemas/ has no schema "${name}"`);
  return schema;
}

// `format: email` is left to the e-mail schema's own pattern; ajv caches each compiled schema.
const ajv = new Ajv({ strict: true, strictTypes: false, formats: { email: true } });

/** @param {JsonSchema} schema a field's; the request schemas have only these kinds */
function wanted(schema) {
  if (schema.enum) return `one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`;
  if (schema.type === 'integer') return 'an integer';
  if (schema.type === 'number') return schema.minimum === 0 ? 'a number, 0 or more' : 'a number';
  if (schema.type === 'boolean') return 'true or false';
  const orNull = Array.isArray(schema.type) && schema.type.includes('null') ? ' or null' : '';
  if (schema.pattern || schema.format) return `a string in the documented format${orNull}`;
  if (schema.maxLength !== undefined) return `a string of at most ${schema.maxLength} characters${orNull}`;
  return `a string${orNull}`;
}

/**
 * Checks a request body against its contract schema.
 * @param {unknown} body
 * @param {RequestName} name
 * @returns {import('./types').Answer | null} null when valid, else 400 naming the first bad field
 */
function checkRequest(body, name) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return badRequest('The request body must be a JSON object.');
  }
  const validate = ajv.compile(contractSchema(name));
  if (validate(body)) return null;
  // No additionalProperties rule: each error is about a field the schema names.
  const [error] = /** @type {import('ajv').ErrorObject[]} */ (validate.errors);
  const field = error.keyword === 'required' ? error.params.missingProperty : error.instancePath.split('/')[1];
  const properties = /** @type {Record<string, JsonSchema>} */ (contractSchema(name).properties);
  return badRequest(`${field} must be ${wanted(properties[field])}.`);
}

module.exports = { checkRequest, contractSchema, schemaFiles };
