/* Dev host (never shipped in dist/): the states gallery's page script, docs/gallery.md. It mounts each
 * state, drives its widget by markup (never by words) and marks it settled or failed. */
/* global window, document, HTMLInputElement, DataTransfer, MutationObserver -- a browser script */
(function gallery() {
  'use strict';

  const TIMEOUT_MS = 20000;
  /** How long a mount point must stay unchanged to count as drawn. */
  const QUIET_MS = 400;
  const status = document.getElementById('gallery-status');
  const sections = Array.from(document.querySelectorAll('.gallery-state'));
  const title = document.title;
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Resolves with `check()`'s first truthy value (polled); rejects after TIMEOUT_MS. */
  async function waitFor(check, what) {
    const end = Date.now() + TIMEOUT_MS;
    let value;
    while (!(value = check())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await sleep(50);
    }
    return value;
  }

  /** Resolves once `element` shows text, holds nothing `aria-busy` and has not changed for QUIET_MS. */
  function quiet(element) {
    let changed = Date.now();
    const observer = new MutationObserver(() => (changed = Date.now()));
    observer.observe(element, { subtree: true, childList: true, attributes: true, characterData: true });
    const busy = () => element.matches('[aria-busy="true"]') || element.querySelector('[aria-busy="true"]');
    const drawn = () => Date.now() - changed >= QUIET_MS && element.textContent.trim() && !busy();
    return waitFor(drawn, 'the widget to settle').finally(() => observer.disconnect());
  }

  /** Clicks the first enabled match of `selector` under `root` once there is one. */
  async function click(root, selector) {
    const node = await waitFor(() => Array.from(root.querySelectorAll(selector)).find((n) => !n.disabled), selector);
    await sleep(50); // React attaches some listeners in effects, after the render.
    node.click();
  }

  /** A drive step: waits for the field `name`. */
  const field = (name) => (mount) => waitFor(() => mount.querySelector(`[name="${name}"]`), `the field ${name}`);
  /** A drive step: sets the field `name` to the mount's `data-<key>`, as typing does. */
  const fill = (name, key) => async (mount) => {
    const input = await field(name)(mount);
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, mount.dataset[key]);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };

  /** A drive step: chooses a drawn ticket (PNG) in the file input. */
  async function choosePhoto(mount) {
    const input = await waitFor(() => mount.querySelector('input[type="file"]'), 'the file input');
    const canvas = Object.assign(document.createElement('canvas'), { width: 480, height: 300 });
    const context = canvas.getContext('2d');
    context.fillStyle = '#f4e7c5';
    context.fillRect(0, 0, 480, 300);
    context.fillStyle = '#222';
    context.font = '24px sans-serif';
    context.fillText('STANDARD CLASS  LBG7WK2F', 24, 140);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    const files = new DataTransfer();
    files.items.add(new File([blob], 'ticket.png', { type: 'image/png' }));
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }

  // Each `data-gallery-drive`: its steps, a selector to click or a function of the mount point.
  const ACCEPT = '.rw-refund__actions button';
  const SUBMIT = 'button[type="submit"]';
  const PROVIDE = 'button[aria-controls^="rw-replacement-provide-"]';
  const radio = (value) => `input[type="radio"][value="${value}"]`;
  const DRIVES = {
    'accept-refund': [ACCEPT],
    defer: ['button[aria-controls^="rw-replacement-defer-"]', `.rw-replacement__defer ${ACCEPT}`],
    'replacement-empty': [PROVIDE, field('bookingReference'), SUBMIT],
    'replacement-lookup': [
      PROVIDE,
      fill('bookingReference', 'galleryLookupReference'),
      fill('email', 'galleryLookupEmail'),
      SUBMIT,
    ],
    'advance-info': ['a[data-launch="advance-info"]'],
    'six-months-close': [
      'dialog[open] .rw-modal__actions > button:last-child',
      (mount) => waitFor(() => !mount.querySelector('dialog[open]'), 'the six-month modal to close'),
    ],
    appeal: ['button[aria-haspopup="dialog"]'],
    'choose-photo': [choosePhoto],
    'submit-claim': [choosePhoto, SUBMIT],
    'disruption-empty': [SUBMIT],
    'disruption-second': [radio('Yes'), SUBMIT],
    'disruption-portion': [radio('Yes'), SUBMIT, radio('abandoned1'), SUBMIT],
    'lookup-empty-submit': [SUBMIT],
    'lookup-delay-repay': [radio('Disruption'), radio('delayRepay')],
    'lookup-wheelchair': [radio('Wheelchair')],
  };

  const mountOf = (section) => section.querySelector('.gallery-state__mount');
  const drive = (section) => mountOf(section).dataset.galleryDrive;
  const isModal = (section) => mountOf(section).dataset.galleryModal === 'true';

  /** Mounts a state; the SetupError an error state is built to cause is no failure. */
  function mount(section) {
    const element = mountOf(section);
    return window.RefundWidgets.mount(element.dataset.galleryWidget, element, {
      search: element.dataset.gallerySearch,
      apiBase: '/gallery-api',
    }).catch((error) => {
      if (error?.name !== 'SetupError') throw error;
    });
  }

  /** Drives a mounted state and waits until it is shown: its dialog open, or its widget quiet. */
  async function settle(section) {
    const element = mountOf(section);
    for (const step of DRIVES[drive(section)] ?? []) {
      await (typeof step === 'string' ? click(element, step) : step(element));
    }
    if (isModal(section)) await waitFor(() => element.querySelector('dialog[open]'), 'its dialog');
    else await quiet(element);
    section.dataset.galleryState = 'settled';
  }

  /** Runs `step(section)` unless the section has failed; a failure marks the section, not the gallery. */
  async function guarded(section, step) {
    if (section.dataset.galleryState !== 'pending') return;
    try {
      await step(section);
    } catch (error) {
      section.dataset.galleryState = 'failed';
      section.dataset.galleryError = String(error?.message ?? error);
    }
  }

  /** Takes out the disruption widget's saved answers; the function it gives puts them back. */
  function takeStoredAnswers() {
    const take = () =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith('rw-disruption'))
        .map((key) => {
          const entry = [key, localStorage.getItem(key)];
          localStorage.removeItem(key);
          return entry;
        });
    try {
      const saved = take();
      return () => {
        take();
        for (const [key, value] of saved) localStorage.setItem(key, value);
      };
    } catch {
      return () => {}; // No storage: the widget does without, and so does the gallery.
    }
  }

  async function run() {
    if (!window.RefundWidgets) {
      status.textContent = 'The host shim did not load: no state can be shown.';
      return;
    }
    const restoreAnswers = takeStoredAnswers();
    // Finished views and the unavailable page set the title: the gallery keeps its own.
    new MutationObserver(() => {
      if (document.title !== title) document.title = title;
    }).observe(document.head, { subtree: true, childList: true, characterData: true });

    // One by one first: the page-wide station map is hidden from the states without it; the first
    // refund widget mounted opens every advance-info link's modal, so the advance-info state's.
    const map = document.getElementById('station-names');
    const first = sections.filter((s) => ['without-station-map', 'advance-info'].includes(drive(s)));
    for (const section of first) {
      map.id = drive(section) === 'without-station-map' ? '' : 'station-names';
      await guarded(section, mount);
    }
    map.id = 'station-names';
    // Last, one by one: pages whose six-month modal opens by itself, so it is never under another.
    const last = [
      ...sections.filter((s) => drive(s) === 'six-months-close'),
      ...sections.filter((s) => isModal(s) && !drive(s)),
    ];
    await Promise.all(sections.filter((s) => !first.includes(s) && !last.includes(s)).map((s) => guarded(s, mount)));
    await Promise.all(sections.filter((s) => !isModal(s) && !last.includes(s)).map((s) => guarded(s, settle)));
    // Modals one at a time in page order, each opening over the one before.
    for (const section of [...sections.filter((s) => isModal(s) && !last.includes(s)), ...last]) {
      await guarded(section, async () => {
        if (last.includes(section)) await mount(section);
        await settle(section);
      });
    }

    restoreAnswers();
    const failed = sections.filter((s) => s.dataset.galleryState !== 'settled').map((s) => s.id.slice('state-'.length));
    const settled = sections.length - failed.length;
    status.textContent = failed.length
      ? `${settled} of ${sections.length} states settled; not reached: ${failed.join(', ')}.`
      : `All ${sections.length} states settled.`;
    document.body.dataset.gallery = failed.length ? 'incomplete' : 'settled';
  }

  run();
})();
