/**
 * The one error family (docs/host-contract.md "Error codes"): WidgetError itself, and the list of
 * codes in docs/host-contract.md kept equal to the codes in the code.
 */
import fs from 'fs';
import path from 'path';
import { failureText, isWidgetError, RELOAD_PAGE_TEXT, WIDGET_ERROR_CODES, WidgetError } from './WidgetError';

const ROOT = path.resolve(__dirname, '../..');

/** The codes listed under "## Error codes" in docs/host-contract.md (one "- `CODE`" item each), in order. */
function documentedCodes(): string[] {
  const text = fs.readFileSync(path.join(ROOT, 'docs/host-contract.md'), 'utf8');
  const start = text.indexOf('\n## Error codes\n');
  expect(start).toBeGreaterThan(-1);
  const end = text.indexOf('\n## ', start + 1);
  const section = text.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/^- `([A-Z_]+)`/gm)].map((match) => match[1]);
}

/** Every product source file (no tests, no declarations) under `folders`. */
function sourceFiles(folders: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) files.push(full);
    }
  };
  folders.forEach((folder) => walk(path.join(ROOT, folder)));
  return files;
}

describe('docs/host-contract.md "Error codes"', () => {
  it('documents every code, once each, in the order of WIDGET_ERROR_CODES', () => {
    expect(documentedCodes()).toEqual([...WIDGET_ERROR_CODES]);
  });

  it('lists only codes the product throws: each is written as a literal outside the error module', () => {
    const texts = sourceFiles(['shared', 'widgets', 'host-shim'])
      .filter((file) => path.basename(file) !== 'WidgetError.ts')
      .map((file) => fs.readFileSync(file, 'utf8'));
    const unused = WIDGET_ERROR_CODES.filter((code) => !texts.some((text) => text.includes(`'${code}'`)));
    expect(unused).toEqual([]);
  });
});

describe('WidgetError', () => {
  it('is an Error named WidgetError with its code and message', () => {
    const error = new WidgetError('TIMEOUT', 'timeout of 20000ms exceeded');
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(WidgetError);
    expect(error.name).toBe('WidgetError');
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toBe('timeout of 20000ms exceeded');
    expect(String(error)).toBe('WidgetError: timeout of 20000ms exceeded');
  });

  it('has cause, status and body as own properties only when given', () => {
    expect(Object.keys(new WidgetError('NETWORK_ERROR', 'Network Error')).sort()).toEqual(['code', 'name']);
    const cause = new Error('socket hang up');
    const error = new WidgetError('API_ERROR', 'refused', { cause, status: 422, body: 'No' });
    expect(Object.keys(error).sort()).toEqual(['body', 'cause', 'code', 'name', 'status']);
    expect([error.cause, error.status, error.body]).toEqual([cause, 422, 'No']);
    expect(Object.keys(new WidgetError('API_ERROR', 'x', { status: 0, body: '' })).sort()).toEqual([
      'body',
      'code',
      'name',
      'status',
    ]);
  });

  it("keeps a subclass's prototype, so instanceof holds for the subclass and WidgetError", () => {
    class Named extends WidgetError {
      constructor() {
        super('UNKNOWN_WIDGET', 'named');
        this.name = 'Named';
      }
    }
    const error = new Named();
    expect(error).toBeInstanceOf(Named);
    expect(error).toBeInstanceOf(WidgetError);
    expect(isWidgetError(error, 'UNKNOWN_WIDGET')).toBe(true);
  });
});

describe('isWidgetError', () => {
  it('is true for a WidgetError, of any code or of the given one', () => {
    const error = new WidgetError('FORBIDDEN', 'x', { status: 403 });
    expect(isWidgetError(error)).toBe(true);
    expect(isWidgetError(error, 'FORBIDDEN')).toBe(true);
    expect(isWidgetError(error, 'API_ERROR')).toBe(false);
  });

  it('is false for what is no WidgetError, whatever its name and code', () => {
    const lookalike = Object.assign(new Error('x'), { name: 'WidgetError', code: 'FORBIDDEN' });
    expect(isWidgetError(lookalike)).toBe(false);
    expect(isWidgetError({ code: 'FORBIDDEN' }, 'FORBIDDEN')).toBe(false);
    expect(isWidgetError(null)).toBe(false);
  });
});

describe('failureText', () => {
  it('gives the reload text for FORBIDDEN and the fallback for anything else', () => {
    expect(failureText(new WidgetError('FORBIDDEN', 'x'), 'fallback')).toBe(RELOAD_PAGE_TEXT);
    expect(failureText(new WidgetError('API_ERROR', 'x', { status: 403 }), 'fallback')).toBe('fallback');
    expect(failureText(new Error('x'), 'fallback')).toBe('fallback');
  });
});
