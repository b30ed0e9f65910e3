/**
 * The JSON Schemas of the host contract (docs/host-contract.md), generated from the project's own
 * yup schemas with @sodaru/yup-to-json-schema, so the documented shapes are the shapes the widgets
 * check. `contract/docs.test.ts` keeps contract/schemas/*.json equal to these and
 * validates every JSON example of that file against them.
 *
 * Page data and answers come from the schemas the widgets use (`shared/page/schemas.ts`,
 * `shared/api/refundStatus.ts`, `widgets/refund/validation.ts`, `widgets/refund/replacement/validation.ts`,
 * `shared/validation/schemas.ts`). Request bodies have TypeScript types but no yup schema in the
 * widgets (the widgets build them); their schemas below are typed against those types, so
 * `npm run typecheck` fails when a field is added, renamed or retyped on one side only.
 */
import { convertSchema } from '@sodaru/yup-to-json-schema';
import * as yup from 'yup';
import { refundStatusResponseSchema } from '../shared/api/refundStatus';
import { detailsSchema } from '../shared/page/schemas';
import type { ConfirmRefundRequest, ErrorReport, VitalsMetricName, VitalsRating, VitalsReport } from '../shared/types';
import { bookingReferenceSchema, emailSchema } from '../shared/validation/schemas';
import type { SubmitClaimRequest } from '../widgets/manual-claim/types';
import { lookupJourneySchema } from '../widgets/refund/replacement/validation';
import { dryRunSchema } from '../widgets/refund/validation';
import type { LookupRequest, ReplacementRequest } from '../widgets/refund/replacement/types';

/** A JSON Schema (draft-07) as the converter returns it. */
export type JsonSchema = ReturnType<typeof convertSchema>;

/** Body of POST /api/LookupJourneys: the project's booking reference and e-mail rules. */
const lookupRequestSchema: yup.ObjectSchema<LookupRequest> = yup.object({
  bookingReference: bookingReferenceSchema,
  email: emailSchema,
});

/** The LookupJourneys answer: items whose journeys are kept only when `refundStatus` is not null. */
const lookupResponseSchema = yup
  .array(
    yup.object({
      refundStatus: yup.object().nullable().default(null),
      journeyList: yup.array(lookupJourneySchema).nullable(),
    }),
  )
  .required();

/** Body of POST /api/ProcessRefund. */
const confirmRefundRequestSchema: yup.ObjectSchema<ConfirmRefundRequest> = yup.object({
  protectedReference: yup.string().required(),
  journeyId: yup.number().integer().required(),
  covid19: yup.boolean().required(),
  defer: yup.boolean().required(),
  disruptedOutwards: yup.boolean().required(),
  disruptedInwards: yup.boolean().required(),
});

/** Body of POST /api/ProcessRefundWithReplacement and of its /DryRun. */
const replacementRequestSchema: yup.ObjectSchema<ReplacementRequest> = yup.object({
  protectedReference: yup.string().required(),
  journeyId: yup.number().integer().required(),
  replacementBookingReference: yup.string().required(),
  replacementJourneyId: yup.number().integer().required(),
});

/** Body of POST /tickets/submit-claim. */
const submitClaimRequestSchema: yup.ObjectSchema<SubmitClaimRequest> = yup.object({
  Ctr: yup.string().required(),
  Images: yup.array(yup.string().required()).min(1).required(),
  ReplacementCtr: yup.string().optional(),
  Disruption: yup.mixed<true>().oneOf([true]).optional(),
});

/** Body of POST /report/error. */
const errorReportSchema: yup.ObjectSchema<ErrorReport> = yup.object({
  time: yup.string().required(),
  message: yup.string().defined(),
  source: yup.string().defined(),
  line: yup.number().integer().required(),
  column: yup.number().integer().required(),
  ua: yup.string().defined(),
  pageUrl: yup.string().defined(),
  stack: yup.string().defined(),
});

/** Body of POST /report/vitals: one Web Vitals metric of one page view (host-shim/vitalsReporter.ts). */
const vitalsReportSchema: yup.ObjectSchema<VitalsReport> = yup.object({
  name: yup.string<VitalsMetricName>().oneOf(['LCP', 'INP', 'CLS', 'TTFB']).required(),
  value: yup.number().min(0).required(),
  rating: yup.string<VitalsRating>().oneOf(['good', 'needs-improvement', 'poor']).required(),
  widget: yup.string().max(64).nullable().defined(),
  route: yup.string().max(2000).defined(),
});

/** The station-name map. Its yup schema is a custom test (`isStringMap`), which no converter reads. */
const stationNamesJsonSchema: JsonSchema = {
  type: 'object',
  additionalProperties: { type: 'string' },
};

/** The upload answer: the upload id as a JSON string (plain text or `{ "id": … }` are read too). */
const uploadAnswerJsonSchema: JsonSchema = { type: 'string', minLength: 1 };

/** Drops the `default` yup gives every object (the defaults of its fields, repeated): noise in a contract. */
function withoutObjectDefaults(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutObjectDefaults);
  if (schema === null || typeof schema !== 'object') return schema;
  const entries = Object.entries(schema as Record<string, unknown>)
    .filter(
      ([key, value]) => !(key === 'default' && value !== null && typeof value === 'object' && !Array.isArray(value)),
    )
    .map(([key, value]) => [key, key === 'default' || key === 'enum' ? value : withoutObjectDefaults(value)]);
  return Object.fromEntries(entries);
}

function generated(title: string, schema: yup.Schema): JsonSchema {
  return { title, ...(withoutObjectDefaults(convertSchema(schema as yup.AnySchema)) as JsonSchema) };
}

/**
 * Every JSON Schema of the host contract, by the name docs/host-contract.md uses in its
 * `<!-- schema: NAME -->` and `<!-- example: NAME -->` markers.
 *
 * @returns plain draft-07 JSON Schemas (no `$schema` key), freshly generated on each call
 */
export function contractSchemas(): Record<string, JsonSchema> {
  return {
    details: generated('Details', detailsSchema),
    stationNames: { title: 'Station names', ...stationNamesJsonSchema },
    refundStatusResponse: generated('Refund status answer', refundStatusResponseSchema),
    dryRun: generated('Dry run answer', dryRunSchema),
    lookupRequest: generated('LookupJourneys request', lookupRequestSchema),
    lookupResponse: generated('LookupJourneys answer', lookupResponseSchema),
    confirmRefundRequest: generated('ProcessRefund request', confirmRefundRequestSchema),
    replacementRequest: generated('Replacement request', replacementRequestSchema),
    uploadAnswer: { title: 'Upload answer', ...uploadAnswerJsonSchema },
    submitClaimRequest: generated('Submit-claim request', submitClaimRequestSchema),
    errorReport: generated('Error report', errorReportSchema),
    vitalsReport: generated('Vitals report', vitalsReportSchema),
  };
}
