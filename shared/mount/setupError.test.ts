/**
 * SetupError, one of the WidgetError family (docs/host-contract.md "Mounting by hand", "Error
 * codes"): the error `RefundWidgets.mount()` rejects with for a page set up wrongly.
 */
import { isWidgetError, WidgetError } from '../errors/WidgetError';
import { isSetupError, isSetupProblem, SetupError, setupErrorOf } from './setupError';

const SETUP_CODES = [
  'MISSING_DETAILS',
  'MISSING_STATION_MAP',
  'INVALID_PAGE_DATA',
  'UNKNOWN_WIDGET',
  'DUPLICATE_MOUNT_ID',
] as const;

describe('SetupError', () => {
  it.each(SETUP_CODES)('%s is a WidgetError named SetupError with the console line as its message', (code) => {
    const error = new SetupError(code, 'refund', 'refund-widget', 'the exact problem');
    expect(error).toBeInstanceOf(WidgetError);
    expect(error).toBeInstanceOf(SetupError);
    expect(error).toBeInstanceOf(Error);
    expect(isWidgetError(error)).toBe(true);
    expect(isWidgetError(error, code)).toBe(true);
    expect(isWidgetError(error, code === 'UNKNOWN_WIDGET' ? 'DUPLICATE_MOUNT_ID' : 'UNKNOWN_WIDGET')).toBe(false);
    expect(isSetupError(error)).toBe(true);
    expect(error.name).toBe('SetupError');
    expect(error.code).toBe(code);
    expect(error.message).toBe('refund-widgets: widget "refund", mount #refund-widget: the exact problem');
    expect(String(error)).toBe('SetupError: refund-widgets: widget "refund", mount #refund-widget: the exact problem');
  });

  it('carries exactly code, widget, mountId and detail besides its name (what the host reads)', () => {
    const error = new SetupError('UNKNOWN_WIDGET', 'refnud', '', 'unknown widget "refnud"');
    expect(Object.keys(error).sort()).toEqual(['code', 'detail', 'mountId', 'name', 'widget']);
    expect({ ...error }).toEqual({
      name: 'SetupError',
      code: 'UNKNOWN_WIDGET',
      widget: 'refnud',
      mountId: '',
      detail: 'unknown widget "refnud"',
    });
    expect(error.message).toBe('refund-widgets: widget "refnud", mount #(no id): unknown widget "refnud"');
  });

  it("setupErrorOf keeps the page-data error's code and gives the first cause that is not a WidgetError", () => {
    const pageData = new WidgetError('INVALID_PAGE_DATA', 'The page data of this widget could not be read.', {
      cause: new WidgetError('INVALID_PAGE_DATA', 'inner', { cause: new Error('data-support-email: required') }),
    });
    const error = setupErrorOf(pageData, 'refund', 'refund-widget');
    expect(error).toBeInstanceOf(SetupError);
    expect({ ...error }).toEqual({
      name: 'SetupError',
      code: 'INVALID_PAGE_DATA',
      widget: 'refund',
      mountId: 'refund-widget',
      detail: 'data-support-email: required',
    });
    const bare = setupErrorOf(new WidgetError('MISSING_DETAILS', 'Missing JSON data from DOM'), 'refund', 'r');
    expect(bare.detail).toBe('Missing JSON data from DOM');
  });
});

describe('isSetupError: a SetupError of any bundle, told by name and code', () => {
  /** A SetupError from another bundle's copy of the class: not `instanceof` this one. */
  function foreign(name: string, code: unknown): Error {
    return Object.assign(new Error('refund-widgets: widget "refund", mount #refund-widget: x'), { name, code });
  }

  it.each(SETUP_CODES)("recognises another bundle's SetupError with code %s", (code) => {
    const error = foreign('SetupError', code);
    expect(error).not.toBeInstanceOf(SetupError);
    expect(isSetupError(error)).toBe(true);
  });

  it.each([
    ['a WidgetError of a setup code', new WidgetError('MISSING_DETAILS', 'Missing JSON data from DOM')],
    ['a SetupError name with a code of no setup problem', foreign('SetupError', 'TIMEOUT')],
    ['a SetupError name without a code', foreign('SetupError', undefined)],
    ['another name with a setup code', foreign('ShimConfigError', 'MISSING_DETAILS')],
    ['an object that is no Error', { name: 'SetupError', code: 'MISSING_DETAILS' }],
    ['null', null],
  ])('refuses %s', (_case, value) => {
    expect(isSetupError(value)).toBe(false);
  });
});

describe('isSetupProblem: the page-data WidgetErrors that become a SetupError', () => {
  it.each([
    ['MISSING_DETAILS', true],
    ['MISSING_STATION_MAP', true],
    ['INVALID_PAGE_DATA', true],
    ['INVALID_UIC', false],
    ['TIMEOUT', false],
  ] as const)('%s: %s', (code, expected) => {
    expect(isSetupProblem(new WidgetError(code, 'x'))).toBe(expected);
  });

  it('refuses what is no WidgetError', () => {
    expect(isSetupProblem(Object.assign(new Error('x'), { code: 'MISSING_DETAILS' }))).toBe(false);
  });
});
