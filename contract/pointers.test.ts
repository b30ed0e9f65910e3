/**
 * Every pointer from a comment to the docs resolves (docs/architecture.md "Layout": contract/): a docs
 * file named with a quoted heading, a #anchor or a product-rules section number exists and has it;
 * no comment names a file outside the repository. Comments are read from TS, TSX, JS, CJS, MJS,
 * C#, CSS, JSONC, MSBuild/XML and shell sources.
 */
import fs from 'fs';
import path from 'path';
import ts from 'typescript';
import { headingAnchors, headingTexts } from './markdown';

const ROOT = path.resolve(__dirname, '..');
const SKIPPED_FOLDERS = new Set([
  '.git',
  'node_modules',
  'dist',
  'dist-plain',
  'coverage',
  '.data',
  '.stryker-tmp',
  'reports',
  'bin',
  'obj',
  'TestResults',
  'feed',
  'artifacts',
  'docs',
]);

type Language = 'script' | 'json' | 'csharp' | 'css' | 'xml' | 'shell';

/** The comment syntax of a file, by its name; null when it is not a source file read here. */
export function languageOf(file: string): Language | null {
  const name = path.basename(file);
  if (/\.(ts|tsx|js|jsx|cjs|mjs|cts|mts)$/.test(name)) return 'script';
  if (/\.jsonc$/.test(name) || /^tsconfig.*\.json$/.test(name)) return 'json';
  if (/\.cs$/.test(name)) return 'csharp';
  if (/\.css$/.test(name)) return 'css';
  if (/\.(csproj|props|targets|config)$/.test(name)) return 'xml';
  if (file.split(path.sep).includes('.ci')) return 'shell';
  return null;
}

/** Source files of the repository (not docs/, dependencies or build output), as absolute paths. */
function sourceFiles(folder = ROOT): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(full);
    return entry.isFile() && languageOf(full) ? [full] : [];
  });
}

/** A comment: where it starts (1-based line) and its raw text. */
export interface Comment {
  line: number;
  text: string;
}

function lineAt(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

const LITERALS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.JsxText,
]);

/**
 * Comments of a TS/JS/JSON text: `//` and block comments outside the literals (strings, templates,
 * regexes, JSX text) that the TypeScript parser finds.
 */
function scriptComments(file: string, text: string, json: boolean): Comment[] {
  const kind = /\.(js|cjs|mjs)$/.test(file) ? ts.ScriptKind.JS : /x$/.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = json
    ? ts.parseJsonText(file, text)
    : ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const literalEnd = new Map<number, number>();
  const visit = (node: ts.Node) => {
    // JSX text has no leading trivia: its start is its pos (getStart would skip a `//` in it).
    if (LITERALS.has(node.kind))
      literalEnd.set(node.kind === ts.SyntaxKind.JsxText ? node.pos : node.getStart(source), node.end);
    ts.forEachChild(node, visit);
  };
  visit(source);
  const comments: Comment[] = [];
  let i = 0;
  while (i < text.length) {
    const end = literalEnd.get(i);
    if (end !== undefined && end > i) i = end;
    else if (text.startsWith('//', i) || text.startsWith('/*', i)) {
      const line = text.startsWith('//', i);
      const close = line ? text.indexOf('\n', i) : text.indexOf('*/', i + 2);
      const stop = close < 0 ? text.length : line ? close : close + 2;
      comments.push({ line: lineAt(text, i), text: text.slice(i, stop) });
      i = stop;
    } else i += 1;
  }
  return comments;
}

/** Comments of a C# or CSS text: `//` (C# only) and block comments, outside strings and characters. */
function cLikeComments(text: string, lineComments: boolean): Comment[] {
  const comments: Comment[] = [];
  let i = 0;
  const skipQuoted = (quote: string, verbatim: boolean) => {
    i += 1;
    while (i < text.length) {
      if (!verbatim && text[i] === '\\') i += 2;
      else if (verbatim && text[i] === quote && text[i + 1] === quote) i += 2;
      else if (text[i] === quote) return void (i += 1);
      else i += 1;
    }
  };
  while (i < text.length) {
    const two = text.slice(i, i + 2);
    if (lineComments && text.startsWith('"""', i)) {
      const end = text.indexOf('"""', i + 3);
      i = end < 0 ? text.length : end + 3;
    } else if ((lineComments && two === '//') || two === '/*') {
      const close = two === '//' ? text.indexOf('\n', i) : text.indexOf('*/', i + 2);
      const stop = close < 0 ? text.length : two === '//' ? close : close + 2;
      comments.push({ line: lineAt(text, i), text: text.slice(i, stop) });
      i = stop;
    } else if (lineComments && (two === '@"' || two === '$@' || two === '@$')) {
      i = text.indexOf('"', i);
      skipQuoted('"', true);
    } else if (text[i] === '"' || text[i] === "'") {
      skipQuoted(text[i], false);
    } else {
      i += 1;
    }
  }
  return comments;
}

/** The comments of one file's text, by its language. */
export function commentsOf(file: string, text: string): Comment[] {
  switch (languageOf(file)) {
    case 'script':
      return scriptComments(file, text, false);
    case 'json':
      return scriptComments(file, text, true);
    case 'csharp':
      return cLikeComments(text, true);
    case 'css':
      return cLikeComments(text, false);
    case 'xml':
      return [...text.matchAll(/<!--[\s\S]*?-->/g)].map((m) => ({ line: lineAt(text, m.index), text: m[0] }));
    case 'shell':
      return [...text.matchAll(/^[ \t]*#(?!!).*$/gm)].map((m) => ({ line: lineAt(text, m.index), text: m[0] }));
    default:
      return [];
  }
}

/** A comment's words on one line: comment markers and line breaks gone, spaces collapsed. */
export function commentWords(comment: string): string {
  return comment
    .replace(/^\s*(\/\*\*?|\/\/\/?|<!--|#)/, '')
    .replace(/(\*\/|-->)\s*$/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*(\*(?!\/)|\/\/\/?|#)?\s?/, ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .replace(/docs\/ (?=[\w-]+\.md\b)/g, 'docs/');
}

/**
 * One pointer of a comment to a docs file: the file, and a heading, an anchor, or numbered
 * sections with, optionally, a quoted term that one of them contains.
 */
export interface Pointer {
  doc: string;
  heading?: string;
  anchor?: string;
  sections?: number[];
  term?: string;
}

const QUOTED = /^(?:\s*(?:,|and|or|\/|&)?\s*)(?:"([^"]+)"|“([^”]+)”)/;
const SECTIONS = /^\s*,?\s*(?:sections?|§)\s+(\d+(?:\s*(?:,|and|or|to|-|–)\s*\d+)*)/;

/** Section numbers of "2, 3 and 5" or "2-4". */
function sectionNumbers(list: string): number[] {
  return list
    .split(/\s*(?:,|and|or)\s*/)
    .flatMap((part) => {
      const range = /^(\d+)\s*(?:to|-|–)\s*(\d+)$/.exec(part);
      if (!range) return [Number(part)];
      const [from, to] = [Number(range[1]), Number(range[2])];
      return Array.from({ length: Math.max(0, to - from + 1) }, (_, k) => from + k);
    })
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** The docs pointers in a comment's words (see commentWords): a docs file's path with what follows it. */
export function pointersIn(words: string): Pointer[] {
  const pointers: Pointer[] = [];
  for (const match of words.matchAll(/(?<![\w/.-])docs\/([\w-]+\.md)/g)) {
    const doc = match[1];
    let rest = words.slice(match.index + match[0].length);
    let named = false;
    let sections: number[] | undefined;
    for (;;) {
      const anchor = /^#([\w-]+)/.exec(rest);
      const quoted = QUOTED.exec(rest);
      const listed = SECTIONS.exec(rest);
      const found = anchor ?? quoted ?? listed;
      if (!found) break;
      if (anchor) pointers.push({ doc, anchor: anchor[1] });
      else if (quoted && sections) pointers.push({ doc, sections, term: quoted[1] ?? quoted[2] });
      else if (quoted) pointers.push({ doc, heading: quoted[1] ?? quoted[2] });
      else if (listed) {
        sections = sectionNumbers(listed[1]);
        if (!QUOTED.test(rest.slice(found[0].length))) pointers.push({ doc, sections });
      }
      if (!listed) sections = quoted && sections ? sections : undefined;
      named = true;
      rest = rest.slice(found[0].length);
    }
    if (!named) pointers.push({ doc });
  }
  return pointers;
}

/** A heading's words for comparison: no backticks or emphasis, spaces collapsed, lower case. */
function plain(heading: string): string {
  return heading.replace(/[`*_]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

interface DocIndex {
  headings: Set<string>;
  anchors: Set<string>;
  /** The text of each numbered section (`## N. …` to the next `## `), in plain words. */
  sections: Map<number, string>;
}

const docCache = new Map<string, DocIndex | null>();

function docIndex(doc: string): DocIndex | null {
  if (!docCache.has(doc)) {
    const file = path.join(ROOT, 'docs', doc);
    if (!fs.existsSync(file)) docCache.set(doc, null);
    else {
      const markdown = fs.readFileSync(file, 'utf8');
      const texts = headingTexts(markdown);
      const headings = new Set(texts.flatMap((text) => [plain(text), plain(text.replace(/^\d+\.\s+/, ''))]));
      const sections = new Map(
        markdown
          .split(/^(?=## )/m)
          .flatMap((part) => (/^## (\d+)\. /.exec(part) ? [[Number(/^## (\d+)/.exec(part)?.[1]), plain(part)]] : []))
          .map(([n, text]) => [n as number, text as string]),
      );
      docCache.set(doc, { headings, anchors: headingAnchors(markdown), sections });
    }
  }
  return docCache.get(doc) ?? null;
}

/** What is wrong with one pointer, or null when it resolves. */
export function pointerProblem(pointer: Pointer): string | null {
  const index = docIndex(pointer.doc);
  const name = `docs/${pointer.doc}`;
  if (!index) return `${name}: no such file`;
  if (pointer.heading !== undefined && !index.headings.has(plain(pointer.heading)))
    return `${name} "${pointer.heading}": no such heading`;
  if (pointer.anchor !== undefined && !index.anchors.has(pointer.anchor))
    return `${name}#${pointer.anchor}: no such heading`;
  const missing = (pointer.sections ?? []).filter((n) => !index.sections.has(n));
  if (missing.length > 0) return `${name} section ${missing.join(', ')}: no such numbered section`;
  if (pointer.term !== undefined) {
    const term = plain(pointer.term);
    if (!(pointer.sections ?? []).some((n) => index.sections.get(n)?.includes(term)))
      return `${name} section ${pointer.sections?.join(', ')} "${pointer.term}": not in that section`;
  }
  return null;
}

/** Files a comment names (a Markdown name, a path up a folder; not in a web address) that are not in the repository. */
export function outsideNames(file: string, words: string): string[] {
  const withoutUrls = words.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '');
  const names = [...withoutUrls.matchAll(/(?<![\w.-])((?:\.{1,2}\/|[\w-]+\/)*[\w.-]+\.md|\.\.\/[\w./-]*)(?![\w/-])/g)];
  return names
    .map((match) => match[1])
    .filter((name) => {
      if (/^docs\/[\w-]+\.md$/.test(name)) return false;
      const candidates = name.includes('/')
        ? [path.resolve(path.dirname(file), name), path.resolve(ROOT, name)]
        : [path.join(ROOT, name), path.join(path.dirname(file), name), path.join(ROOT, 'docs', name)];
      return !candidates.some((candidate) => {
        const inside = path.relative(ROOT, candidate);
        const asModule = ['', '.ts', '.tsx', '.js', '/index.ts'].some((ending) => fs.existsSync(candidate + ending));
        return !inside.startsWith('..') && !path.isAbsolute(inside) && asModule;
      });
    });
}

const files = sourceFiles();
const scanned = files.flatMap((file) => {
  const relative = path.relative(ROOT, file);
  return commentsOf(file, fs.readFileSync(file, 'utf8')).map((comment) => ({
    where: `${relative}:${comment.line}`,
    file,
    words: commentWords(comment.text),
  }));
});

describe('pointers from comments to docs/', () => {
  test('every docs file, heading, anchor and section a comment names exists', () => {
    const pointers = scanned.flatMap(({ where, words }) => pointersIn(words).map((pointer) => ({ where, pointer })));
    expect(pointers.length).toBeGreaterThan(300);
    const problems = pointers.flatMap(({ where, pointer }) => {
      const problem = pointerProblem(pointer);
      return problem ? [`${where}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  test('no comment names a file outside the repository', () => {
    const problems = scanned.flatMap(({ where, file, words }) =>
      outsideNames(file, words).map((name) => `${where}: ${name}`),
    );
    expect(problems).toEqual([]);
  });
});

describe('the pointer checker', () => {
  test('reads comments, not strings or regexes, in each language', () => {
    const script =
      'const a = "// not"; /* one */ const r = /\\/\\/x/; // two\nconst t = `/* not ${a} // not`;\n<div>http://not {/* three */}</div>';
    expect(commentsOf('x.tsx', script).map((c) => c.text)).toEqual(['/* one */', '// two', '/* three */']);
    const csharp = 'var a = "// not"; var b = @"c:\\"; // one\n/* two */ var c = \'"\';';
    expect(commentsOf('x.cs', csharp).map((c) => c.text)).toEqual(['// one', '/* two */']);
    expect(commentsOf('x.css', 'a { background: url(http://x); } /* one */').map((c) => c.text)).toEqual(['/* one */']);
    expect(commentsOf('x.ts', '//\nconst a = 1; /* open').map((c) => c.text)).toEqual(['//', '/* open']);
    expect(commentsOf('x.props', '<a><!-- one --></a>').map((c) => c.text)).toEqual(['<!-- one -->']);
    expect(commentsOf('knip.jsonc', '{\n  // one\n  "a": "// not"\n}').map((c) => c.text)).toEqual(['// one']);
  });

  test('finds each form of pointer, across comment lines', () => {
    const words = commentWords(
      '/**\n * See docs/host-contract.md "The\n * API calls" and "Reserved space",\n * docs/\n * product-rules.md sections 2, 4 and 7; docs/security.md#csp-and-trusted-types.\n */',
    );
    expect(pointersIn(words)).toEqual([
      { doc: 'host-contract.md', heading: 'The API calls' },
      { doc: 'host-contract.md', heading: 'Reserved space' },
      { doc: 'product-rules.md', sections: [2, 4, 7] },
      { doc: 'security.md', anchor: 'csp-and-trusted-types' },
    ]);
    expect(pointersIn('docs/product-rules.md: "Invalid UIC format"')).toEqual([{ doc: 'product-rules.md' }]);
    expect(pointersIn('docs/product-rules.md sections 2 and 8, "A" and "B"')).toEqual([
      { doc: 'product-rules.md', sections: [2, 8], term: 'A' },
      { doc: 'product-rules.md', sections: [2, 8], term: 'B' },
    ]);
  });

  test('refuses a missing file, heading, anchor or section, and names outside the repository', () => {
    expect(pointerProblem({ doc: 'no-such-file.md' })).toMatch(/no such file/);
    expect(pointerProblem({ doc: 'product-rules.md', heading: 'No such heading' })).toMatch(/no such heading/);
    expect(pointerProblem({ doc: 'product-rules.md', anchor: 'no-such-heading' })).toMatch(/no such heading/);
    expect(pointerProblem({ doc: 'product-rules.md', sections: [2, 99] })).toMatch(
      /section 99: no such numbered section/,
    );
    expect(pointerProblem({ doc: 'product-rules.md', sections: [2] })).toBeNull();
    expect(pointerProblem({ doc: 'product-rules.md', sections: [3], term: 'Lookup response' })).toBeNull();
    expect(pointerProblem({ doc: 'product-rules.md', sections: [2], term: 'Lookup response' })).toMatch(
      /not in that section/,
    );
    expect(pointerProblem({ doc: 'product-rules.md', heading: '2. Screens and routes' })).toBeNull();
    expect(pointerProblem({ doc: 'product-rules.md', heading: 'screens and routes' })).toBeNull();
    const file = path.join(ROOT, 'host-shim', 'index.ts');
    expect(outsideNames(file, 'as HABITS.md item 3 and ../elsewhere/RULES.md say; ../../x')).toEqual([
      'HABITS.md',
      '../elsewhere/RULES.md',
      '../../x',
    ]);
    expect(outsideNames(file, 'see README.md, ../shared/page and docs/security.md')).toEqual([]);
    expect(outsideNames(file, 'https://github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md')).toEqual([]);
  });
});
