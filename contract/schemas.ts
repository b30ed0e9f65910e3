/**
 * The host contract's JSON Schemas (docs/host-contract.md), generated from the widgets' own yup
 * schemas; request bodies are typed against their TypeScript types, so typecheck fails on a drift.
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

const submitClaimRequestSchema: yup.ObjectSchema<SubmitClaimRequest> = yup.object({
  Ctr: yup.string().required(),
  Images: yup.array(yup.string().required()).min(1).required(),
  ReplacementCtr: yup.string().optional(),
  Disruption: yup.mixed<true>().oneOf([true]).optional(),
});

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

/** Body of POST /report/vitals. */
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

/** Drops the `default` yup gives every object: noise in a contract. */
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

/** Every JSON Schema (draft-07, no `$schema`) by its name in docs/host-contract.md's `<!-- schema: NAME -->` markers. */
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
