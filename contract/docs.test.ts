/**
 * Tests that keep the documentation true (docs/architecture.md "Layout"):
 * - every relative link in README.md and docs/ resolves inside the repository (file and heading);
 * - contract/schemas/*.json are the JSON Schemas generated from the widgets' yup schemas
 *   (contract/schemas.ts), each linked from docs/host-contract.md, and every JSON example there
 *   validates against its schema and the widgets' own parser;
 * - the complete example page works: each widget's documented mount `<div>`, put into it, reads
 *   its page data without a setup error;
 * - every widget of host-shim/widgets.json is documented.
 *
 * After changing a yup schema, `npm run docs:schemas` rewrites contract/schemas/.
 */
import fs from 'fs';
import path from 'path';
import Ajv from 'ajv';
import bookings from '../fixtures/bookings.json';
import lookups from '../fixtures/lookups.json';
import stations from '../fixtures/stations.json';
import widgetList from '../host-shim/widgets.json';
import { parseRefundStatusResponse } from '../shared/api/refundStatus';
import { readDetails, readStationNames } from '../shared/page/readPageData';
import { isStringMap } from '../shared/page/schemas';
import { readDisruptionConfig } from '../widgets/disruption/pageConfig';
import { readLookupConfig } from '../widgets/lookup/pageConfig';
import { readManualClaimConfig } from '../widgets/manual-claim/pageConfig';
import { readRefundConfig } from '../widgets/refund/pageConfig';
import { parseLookupResponse } from '../widgets/refund/replacement/validation';
import { parseDryRun } from '../widgets/refund/validation';
import { headingAnchors, withoutFences } from './markdown';
import { contractSchemas, type JsonSchema } from './schemas';

const ROOT = path.resolve(__dirname, '..');
const HOST_CONTRACT = path.join(ROOT, 'docs', 'host-contract.md');

/** README.md and every Markdown file under docs/, as absolute paths. */
function markdownFiles(): string[] {
  const docs = fs
    .readdirSync(path.join(ROOT, 'docs'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.join(entry.parentPath, entry.name));
  return [path.join(ROOT, 'README.md'), ...docs];
}

/** The text without fenced code blocks and inline code (links there are examples, not links). */
function proseOnly(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, '');
}

/** Targets of the inline links `[text](target)` and images of a Markdown text. */
export function linkTargets(markdown: string): string[] {
  return [...proseOnly(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]);
}

/**
 * Checks one link of `file`: a relative target must name a file or folder inside the repository
 * (not in node_modules or a build folder), and its `#fragment`, if any, a heading of that
 * Markdown file. Web and mail links are not checked here.
 *
 * @returns a problem description, or null when the link is good
 */
export function linkProblem(file: string, target: string): string | null {
  if (/^(https?:|mailto:)/i.test(target)) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return `${target}: not a relative link`;
  const [rawPath, fragment] = target.split('#', 2);
  const resolved = rawPath === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(rawPath));
  const inside = path.relative(ROOT, resolved);
  if (inside.startsWith('..') || path.isAbsolute(inside)) return `${target}: outside the repository`;
  if (/^(node_modules|dist|\.data|coverage)(\/|$)/.test(inside)) return `${target}: not part of the repository`;
  if (!fs.existsSync(resolved)) return `${target}: no such file`;
  if (fragment !== undefined && resolved.endsWith('.md')) {
    if (!headingAnchors(fs.readFileSync(resolved, 'utf8')).has(fragment)) return `${target}: no such heading`;
  }
  return null;
}

/** A fenced block after a `<!-- kind: name -->` marker (or `<!-- example-page -->`). */
interface MarkedBlock {
  kind: string;
  name: string;
  language: string;
  text: string;
}

const MARKED_BLOCK = /<!--\s*(schema|example|mount|example-page)(?::\s*(\w+))?\s*-->\s*\n\s*```(\w*)\n([\s\S]*?)\n```/g;

function markedBlocks(markdown: string): MarkedBlock[] {
  return [...markdown.matchAll(MARKED_BLOCK)].map((match) => ({
    kind: match[1],
    name: match[2] ?? '',
    language: match[3],
    text: match[4],
  }));
}

/** The folder of the contract's JSON Schema files, one `NAME.json` per schema (shipped as dist/schemas/). */
const SCHEMA_DIR = path.join(ROOT, 'contract', 'schemas');

/** A schema file's text: the schema with a draft-07 `$schema` and its `$id`, two-space JSON. */
function schemaFileText(name: string, schema: JsonSchema): string {
  return `${JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', $id: `${name}.json`, ...schema }, null, 2)}\n`;
}

if (process.env.UPDATE_DOCS === '1') {
  fs.rmSync(SCHEMA_DIR, { recursive: true, force: true });
  fs.mkdirSync(SCHEMA_DIR, { recursive: true });
  for (const [name, schema] of Object.entries(contractSchemas()))
    fs.writeFileSync(path.join(SCHEMA_DIR, `${name}.json`), schemaFileText(name, schema));
}

const hostContract = fs.readFileSync(HOST_CONTRACT, 'utf8');
const blocks = markedBlocks(hostContract);
const schemas = contractSchemas();

function validator() {
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
  ajv.addFormat('email', /^[^@\s]+@[^@\s.]+(?:\.[^@\s.]+)+$/);
  return ajv;
}
const ajv = validator();

/** Schema errors of `value` against the contract schema `name`, as 'path message' strings. */
function schemaErrors(name: string, value: unknown): string[] {
  const validate = ajv.getSchema(name) ?? (ajv.addSchema(schemas[name], name), ajv.getSchema(name));
  if (!validate) throw new Error(`no schema ${name}`);
  return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}

/** The widgets' own readers of a documented answer, where one exists (they throw on a bad value). */
const PROJECT_PARSERS: Record<string, (value: unknown) => unknown> = {
  refundStatusResponse: parseRefundStatusResponse,
  dryRun: parseDryRun,
  lookupResponse: parseLookupResponse,
  stationNames: (value) => {
    if (!isStringMap(value)) throw new Error('not a station-name map');
    return value;
  },
};

/** Each widget's page-data reader, run on a document holding its mount element (throws on a setup error). */
const READERS: Record<string, (element: HTMLElement, doc: Document) => unknown> = {
  lookup: (element) => readLookupConfig(element, ''),
  refund: (element, doc) => readRefundConfig(element, doc, ''),
  manualClaim: (element, doc) => readManualClaimConfig(element, doc, ''),
  disruption: (element, doc) => readDisruptionConfig(element, doc, ''),
  journeySummary: (element, doc) => [readDetails(element, doc), readStationNames(doc)],
};

const examplePage = blocks.find((block) => block.kind === 'example-page');

function parseHtml(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('links of README.md and docs/', () => {
  test('every relative link resolves to a file (and heading) inside the repository', () => {
    const files = markdownFiles();
    const checked = files.flatMap((file) =>
      linkTargets(fs.readFileSync(file, 'utf8')).map((target) => ({ file, target })),
    );
    expect(files.length).toBeGreaterThan(5);
    expect(checked.length).toBeGreaterThan(20);
    const problems = checked
      .map(({ file, target }) => ({ file: path.relative(ROOT, file), problem: linkProblem(file, target) }))
      .filter(({ problem }) => problem !== null);
    expect(problems).toEqual([]);
  });

  test('nothing points at the product documents beside the repository', () => {
    const pointing = markdownFiles().filter((file) => /\.\.\/shared\b/.test(fs.readFileSync(file, 'utf8')));
    expect(pointing.map((file) => path.relative(ROOT, file))).toEqual([]);
  });

  test('the link checker refuses what it must', () => {
    const readme = path.join(ROOT, 'README.md');
    expect(linkProblem(readme, '../RULES.md')).toMatch(/outside the repository/);
    expect(linkProblem(readme, 'docs/no-such-file.md')).toMatch(/no such file/);
    expect(linkProblem(readme, 'docs/host-contract.md#no-such-heading')).toMatch(/no such heading/);
    expect(linkProblem(readme, 'node_modules/yup/package.json')).toMatch(/not part of the repository/);
    expect(linkProblem(readme, 'docs/host-contract.md#the-api-calls')).toBeNull();
    expect(linkTargets('see [a](b.md) and `[c](d.md)`\n```\n[e](f.md)\n```\n')).toEqual(['b.md']);
    expect([...headingAnchors('## `lookup` (mount id `lookup-widget`)\n## POST /tickets/delete/{uploadId}')]).toEqual([
      'lookup-mount-id-lookup-widget',
      'post-ticketsdeleteuploadid',
    ]);
  });
});

describe('docs/host-contract.md: schemas and examples', () => {
  test('every JSON block is a marked example', () => {
    const jsonFences = [...hostContract.matchAll(/^```json$/gm)].length;
    const marked = blocks.filter((block) => block.language === 'json').length;
    expect(marked).toBe(jsonFences);
  });

  test('contract/schemas/ holds the schemas generated from the yup schemas, one file each (npm run docs:schemas)', () => {
    const names = Object.keys(schemas).sort();
    expect(names.length).toBeGreaterThanOrEqual(12);
    expect(fs.readdirSync(SCHEMA_DIR).sort()).toEqual(names.map((name) => `${name}.json`));
    for (const name of names)
      expect(fs.readFileSync(path.join(SCHEMA_DIR, `${name}.json`), 'utf8')).toBe(schemaFileText(name, schemas[name]));
  });

  test('every schema is linked where its shape is described', () => {
    const linked = new Set([...hostContract.matchAll(/\(\.\.\/contract\/schemas\/(\w+)\.json\)/g)].map((m) => m[1]));
    expect([...linked].sort()).toEqual(Object.keys(schemas).sort());
  });

  test('every JSON example validates against its schema and the widgets’ own reader', () => {
    const examples = blocks.filter((block) => block.kind === 'example');
    expect(examples.length).toBeGreaterThanOrEqual(12);
    const problems = examples.flatMap((example) => {
      if (!schemas[example.name]) return [`${example.name}: no such schema`];
      const value: unknown = JSON.parse(example.text);
      const errors = schemaErrors(example.name, value).map((error) => `${example.name}: ${error}`);
      try {
        PROJECT_PARSERS[example.name]?.(value);
      } catch (error) {
        errors.push(`${example.name}: the widgets refuse it: ${(error as Error).message}`);
      }
      return errors;
    });
    expect(problems).toEqual([]);
  });

  test('the schemas agree with the fixtures the widgets are tested on', () => {
    const problems: string[] = [];
    const check = (name: string, what: string, value: unknown) =>
      problems.push(...schemaErrors(name, value).map((error) => `${what}: ${error}`));
    for (const [state, booking] of Object.entries(bookings) as [string, Record<string, unknown>][]) {
      check('details', `${state} details`, booking.details);
      const { status, dryRun } = booking as { status: object | null; dryRun: object };
      // `null` is the JSON literal form of the null response (null-status-literal), not an object.
      if (status !== null && !('httpError' in status)) check('refundStatusResponse', `${state} status`, status);
      if (!('httpError' in dryRun)) check('dryRun', `${state} dry run`, dryRun);
    }
    for (const [state, lookup] of Object.entries(lookups) as [string, { answer: object; dryRuns?: object }][]) {
      if (!('httpError' in lookup.answer)) check('lookupResponse', `${state} answer`, lookup.answer);
      for (const dryRun of Object.values(lookup.dryRuns ?? {}) as object[]) {
        if (!('httpError' in dryRun)) check('dryRun', `${state} replacement dry run`, dryRun);
      }
    }
    check('stationNames', 'stations.json', stations);
    expect(problems).toEqual([]);
  });

  test('the schemas refuse what the widgets refuse', () => {
    const details = JSON.parse(JSON.stringify(bookings.instant.details)) as Record<string, unknown>;
    const { JourneyPlannerResults, ...rest } = details;
    const journeyPlannerResultsInLowerCase = { ...rest, journeyPlannerResults: JourneyPlannerResults };
    expect(schemaErrors('details', journeyPlannerResultsInLowerCase)).toContain(
      " must have required property 'JourneyPlannerResults'",
    );
    const page = parseHtml(
      `<div id="m"></div><script type="application/json" id="refund-details">${JSON.stringify(journeyPlannerResultsInLowerCase)}</script>`,
    );
    expect(() => readDetails(page.getElementById('m') as HTMLElement, page)).toThrow('Missing JSON data from DOM');

    for (const notAMap of [[], null, { KGX: 1 }, 'KGX']) {
      expect(schemaErrors('stationNames', notAMap)).not.toEqual([]);
      expect(isStringMap(notAMap)).toBe(false);
    }
    expect(schemaErrors('dryRun', { adminFee: 0 })).not.toEqual([]);
    expect(() => parseDryRun({ adminFee: 0 })).toThrow();
    expect(schemaErrors('refundStatusResponse', { isFeeFree: false })).not.toEqual([]);
    expect(() => parseRefundStatusResponse({ isFeeFree: false })).toThrow();
    expect(schemaErrors('lookupRequest', { bookingReference: 'ABC', email: 'a@example.com' })).not.toEqual([]);
  });
});

describe('docs/host-contract.md: the widgets and the example page', () => {
  test('every widget of host-shim/widgets.json has its section, its table row and a mount example', () => {
    const missing = widgetList.flatMap(({ name, mountId }) => {
      const problems: string[] = [];
      if (!hostContract.includes(`### \`${name}\` (mount id \`${mountId}\`)`)) problems.push(`${name}: no section`);
      if (!new RegExp(`^\\| \`${name}\` +\\| \`${mountId}\` +\\|`, 'm').test(hostContract)) {
        problems.push(`${name}: no row in the widgets table`);
      }
      const mounts = blocks.filter((block) => block.kind === 'mount' && block.name === name);
      if (mounts.length === 0) problems.push(`${name}: no mount example`);
      mounts.forEach((block) => {
        if (parseHtml(block.text).body.firstElementChild?.id !== mountId)
          problems.push(`${name}: example not #${mountId}`);
      });
      if (!READERS[name]) problems.push(`${name}: no page-data reader known to this test`);
      return problems;
    });
    expect(widgetList.length).toBeGreaterThanOrEqual(5);
    expect(missing).toEqual([]);
  });

  test('the complete example page has valid Details and station names, and no "…"', () => {
    expect(examplePage).toBeDefined();
    const page = parseHtml(examplePage?.text ?? '');
    const details: unknown = JSON.parse(page.getElementById('refund-details')?.textContent ?? 'null');
    const names: unknown = JSON.parse(page.getElementById('station-names')?.textContent ?? 'null');
    expect(schemaErrors('details', details)).toEqual([]);
    expect(schemaErrors('stationNames', names)).toEqual([]);
    expect(examplePage?.text).not.toContain('…');
    expect(page.querySelector('script[src$="/host-shim.js"]')).not.toBeNull();
  });

  test('each documented mount <div>, put into the example page, reads its page data without a setup error', () => {
    const mounts = blocks.filter((block) => block.kind === 'mount');
    const problems = mounts.flatMap((block) => {
      const page = parseHtml(examplePage?.text ?? '');
      page.querySelectorAll('[id$="-widget"]').forEach((element) => element.remove());
      const snippet = parseHtml(block.text).body.firstElementChild as HTMLElement;
      const element = page.importNode(snippet, true) as HTMLElement;
      page.body.prepend(element);
      try {
        READERS[block.name](element, page);
        return [];
      } catch (error) {
        return [`${block.name} #${element.id}: ${(error as Error).message}`];
      }
    });
    expect(mounts.length).toBeGreaterThanOrEqual(widgetList.length);
    expect(problems).toEqual([]);
  });
});

/** Size limits of the documentation in bytes (docs/architecture.md "Layout"): a host team reads it in 15 minutes. */
const DOCS_LIMIT = 200 * 1024;
const HOST_CONTRACT_LIMIT = 45 * 1024;
const README_LIMIT = 10 * 1024;

/** "file: N bytes, over the limit of L" for each file or total above its limit. */
export function sizeProblems(sizes: Record<string, number>): string[] {
  const problems: string[] = [];
  const over = (what: string, size: number, limit: number) => {
    if (size > limit) problems.push(`${what}: ${size} bytes, over the limit of ${limit}`);
  };
  const docs = Object.entries(sizes).filter(([file]) => /^docs\/[^/]+\.md$/.test(file));
  over(
    'docs/*.md in all',
    docs.reduce((sum, [, size]) => sum + size, 0),
    DOCS_LIMIT,
  );
  over('docs/host-contract.md', sizes['docs/host-contract.md'] ?? 0, HOST_CONTRACT_LIMIT);
  over('README.md', sizes['README.md'] ?? 0, README_LIMIT);
  return problems;
}

describe('size of README.md and docs/', () => {
  test('docs/*.md ≤ 200 KB in all, docs/host-contract.md ≤ 45 KB, README.md ≤ 10 KB', () => {
    const files = ['README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).map((name) => `docs/${name}`)];
    const sizes = Object.fromEntries(
      files.filter((file) => file.endsWith('.md')).map((file) => [file, fs.statSync(path.join(ROOT, file)).size]),
    );
    expect(sizes['docs/host-contract.md']).toBeGreaterThan(0);
    expect(sizeProblems(sizes)).toEqual([]);
  });

  test('no heading holds a review round, a date or "before/after" (docs/ is a reference of the present)', () => {
    const historical = /\b(review|round)\b|\b\d{4}-\d{2}-\d{2}\b|\bbefore (and|\/) after\b|\bbefore\/after\b/i;
    const headings = markdownFiles().flatMap((file) =>
      withoutFences(fs.readFileSync(file, 'utf8'))
        .split('\n')
        .filter((line) => /^#{1,6} /.test(line))
        .map((line) => `${path.relative(ROOT, file)}: ${line}`),
    );
    expect(headings.length).toBeGreaterThan(100);
    expect(headings.filter((heading) => historical.test(heading))).toEqual([]);
    expect(
      ['## Second review: CSP', '## The score on 2026-11-24', '## Sizes before and after'].filter((h) =>
        historical.test(h),
      ),
    ).toHaveLength(3);
  });

  test('the size check names each file over its limit', () => {
    expect(sizeProblems({ 'README.md': 10_240, 'docs/host-contract.md': 46_080, 'docs/a.md': 158_720 })).toEqual([]);
    expect(sizeProblems({ 'README.md': 10_241, 'docs/host-contract.md': 46_081, 'docs/a.md': 158_720 })).toEqual([
      'docs/*.md in all: 204801 bytes, over the limit of 204800',
      'docs/host-contract.md: 46081 bytes, over the limit of 46080',
      'README.md: 10241 bytes, over the limit of 10240',
    ]);
  });
});
