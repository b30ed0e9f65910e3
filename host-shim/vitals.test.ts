/**
 * The `data-vitals` sample rate and the lazy vitals chunk (host-shim/vitals.ts; docs/host-contract.md
 * "POST /report/vitals"): what the attribute reads as, the warning for a value that is no rate, and
 * that the chunk is requested only for a page view sampled in, once, when the page is idle.
 */
export {};

const observeVitals = jest.fn();
jest.mock('./vitalsReporter', () => ({ observeVitals }));

type VitalsModule = typeof import('./vitals');

/** A fresh copy of the module (its once-per-page decision starts anew). */
function freshVitals(): VitalsModule {
  let module: VitalsModule | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh module state per test
    module = require('./vitals') as VitalsModule;
  });
  return module as VitalsModule;
}

/** The shim's tag with a `data-vitals` attribute, or without one. */
function tag(value?: string): HTMLScriptElement {
  const script = document.createElement('script');
  script.src = 'https://rail.example/static/host-shim.js';
  if (value !== undefined) script.setAttribute('data-vitals', value);
  return script;
}

/** Lets the idle callback (a timeout in jsdom) and the chunk's import run. */
const idle = () => new Promise((resolve) => setTimeout(resolve, 10));

beforeEach(() => {
  observeVitals.mockClear();
  // A widget mounted (shared/mount/createMount.tsx marks its mount point).
  document.body.innerHTML = '<div id="refund-widget" data-rw-mounted="refund"></div>';
});

describe('readVitalsRate: the data-vitals attribute', () => {
  it.each([
    ['0.1', 0.1],
    ['1', 1],
    ['0', 0],
    ['.25', 0.25],
    [' 0.5 ', 0.5],
    ['1.0', 1],
    ['0.', 0],
  ])('reads %j as %p without a warning', (value, rate) => {
    const warn = jest.fn();
    expect(freshVitals().readVitalsRate(tag(value), warn)).toBe(rate);
    expect(warn).not.toHaveBeenCalled();
  });

  it('is 0 without the attribute, or without a tag, and says nothing', () => {
    const warn = jest.fn();
    const { readVitalsRate } = freshVitals();
    expect(readVitalsRate(tag(), warn)).toBe(0);
    expect(readVitalsRate(null, warn)).toBe(0);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([['abc'], [''], ['1.5'], ['-0.1'], ['2'], ['10%'], ['0x1'], ['1e-1'], ['Infinity'], ['0,1'], ['NaN']])(
    'warns once for %j and reads it as 0 (no sampling), never throwing',
    (value) => {
      const warn = jest.fn();
      expect(freshVitals().readVitalsRate(tag(value), warn)).toBe(0);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledWith(
        `refund-widgets: data-vitals "${value}" ignored: a sample rate is a number from 0 to 1, such as 0.1; no Web Vitals are sent`,
      );
    },
  );

  it('warns with console.warn by default, and not with console.error', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(freshVitals().readVitalsRate(tag('often'))).toBe(0);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0][0])).toMatch(/^refund-widgets: data-vitals "often" ignored/);
      expect(error).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });

  it('the warning is a ShimConfigError of code INVALID_VITALS_RATE, its value cut to 40 characters', () => {
    const warning = freshVitals().invalidVitalsRate('9'.repeat(60));
    expect(warning.name).toBe('ShimConfigError');
    expect(warning.code).toBe('INVALID_VITALS_RATE');
    expect(warning.message).toContain(`data-vitals "${'9'.repeat(40)}" ignored`);
  });
});

describe('startVitals: the chunk for a page view sampled in', () => {
  it('loads the chunk when idle and observes the widgets, for a view sampled in', async () => {
    freshVitals().startVitals(0.1, () => 0.05);
    expect(observeVitals).not.toHaveBeenCalled();
    await idle();
    expect(observeVitals).toHaveBeenCalledTimes(1);
    expect(observeVitals).toHaveBeenCalledWith();
  });

  it('waits for a mounted widget: before one, a call neither draws nor decides', async () => {
    document.body.innerHTML = '<div id="refund-widget"></div>';
    const { startVitals } = freshVitals();
    const random = jest.fn(() => 0);
    startVitals(1, random);
    await idle();
    expect(random).not.toHaveBeenCalled();
    expect(observeVitals).not.toHaveBeenCalled();
    document.getElementById('refund-widget')?.setAttribute('data-rw-mounted', 'refund');
    startVitals(1, random);
    await idle();
    expect(random).toHaveBeenCalledTimes(1);
    expect(observeVitals).toHaveBeenCalledTimes(1);
  });

  it('loads nothing for a view sampled out (random() not below the rate)', async () => {
    freshVitals().startVitals(0.1, () => 0.1);
    await idle();
    expect(observeVitals).not.toHaveBeenCalled();
  });

  it('with rate 1 every view is sampled in; with rate 0 none, without even drawing a number', async () => {
    freshVitals().startVitals(1, () => 0.999999);
    await idle();
    expect(observeVitals).toHaveBeenCalledTimes(1);
    const random = jest.fn(() => 0);
    freshVitals().startVitals(0, random);
    await idle();
    expect(random).not.toHaveBeenCalled();
    expect(observeVitals).toHaveBeenCalledTimes(1);
  });

  it('decides once per page view: later calls neither draw again nor load again', async () => {
    const { startVitals } = freshVitals();
    const random = jest.fn(() => 0.5);
    startVitals(0.1, random);
    startVitals(0.1, () => 0);
    startVitals(1, () => 0);
    await idle();
    expect(random).toHaveBeenCalledTimes(1);
    expect(observeVitals).not.toHaveBeenCalled();

    const sampled = freshVitals();
    sampled.startVitals(1, () => 0);
    sampled.startVitals(1, () => 0);
    await idle();
    expect(observeVitals).toHaveBeenCalledTimes(1);
  });

  it('waits for requestIdleCallback where the browser has it, with a timeout', async () => {
    const callbacks: { callback: () => void; options: unknown }[] = [];
    const requestIdle = jest.fn((callback: () => void, options: unknown) => {
      callbacks.push({ callback, options });
      return 1;
    });
    Object.assign(globalThis, { requestIdleCallback: requestIdle });
    try {
      const vitals = freshVitals();
      vitals.startVitals(1, () => 0);
      await idle();
      expect(observeVitals).not.toHaveBeenCalled();
      expect(callbacks).toHaveLength(1);
      expect(callbacks[0].options).toEqual({ timeout: vitals.VITALS_IDLE_TIMEOUT_MS });
      expect(vitals.VITALS_IDLE_TIMEOUT_MS).toBe(5000);
      callbacks[0].callback();
      await idle();
      expect(observeVitals).toHaveBeenCalledTimes(1);
    } finally {
      delete (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback;
    }
  });

  it('drops a chunk that fails to load or to start, without throwing', async () => {
    observeVitals.mockImplementationOnce(() => {
      throw new Error('no PerformanceObserver');
    });
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      expect(() => freshVitals().startVitals(1, () => 0)).not.toThrow();
      await idle();
      expect(observeVitals).toHaveBeenCalledTimes(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
