/* Dev host: a stand-in for the real legacy site and backend; never shipped in dist/. */
/* global window, document, HTMLInputElement, HTMLSelectElement, DataTransfer, MutationObserver -- a browser script */
/**
 * The states gallery's page script (served as /gallery.js; no inline script, so the strict CSP
 * stays on). The page's shim tag says `data-auto-mount="false"`: this script mounts each state's
 * mount point by hand with `window.RefundWidgets.mount(name, element, { search, apiBase })`, every
 * call going to the gallery's own API namespace, then drives the real UI (clicks on the widgets'
 * own buttons) to the states that need an action. Modal states come last and one at a time, so
 * they stack in page order with the six-month modal on top.
 *
 * The script holds no product text: it finds the widgets' controls by their markup (form field
 * names, radio values, submit buttons, the accordions' and dialogs' parts), never by their words.
 * Each `.gallery-state` section ends with `data-gallery-state="settled"` once its state is shown
 * (a modal state: its dialog is open; any other: its widget has drawn, is not busy, and has not
 * changed for a moment), or `"failed"`; `<body data-gallery="settled">` and the status line say
 * when all are done. What each state shows is the tests' to check (docs/gallery.md). Answers the
 * disruption widget saves in localStorage are put back as they were, and the page keeps its own
 * title, so the gallery leaves the browser's demo state alone too.
 */
(function gallery() {
  'use strict';

  const TIMEOUT_MS = 20000;
  /** How long a widget's mount point must stay unchanged to count as drawn. */
  const QUIET_MS = 400;
  /** The gallery's API namespace (dev-host/gallery.js), given to `mount`, not on the shim's tag. */
  const GALLERY_API = '/gallery-api';
  const DISRUPTION_STORAGE = 'rw-disruption';
  const status = document.getElementById('gallery-status');
  const sections = Array.from(document.querySelectorAll('.gallery-state'));
  const title = document.title;

  /** Resolves with `check()`'s first truthy value, re-checking on DOM changes; rejects after a timeout. */
  function waitFor(check, what, timeout = TIMEOUT_MS) {
    return new Promise((resolve, reject) => {
      const first = check();
      if (first) return resolve(first);
      let timer;
      const observer = new MutationObserver(() => {
        const value = check();
        if (!value) return;
        observer.disconnect();
        clearTimeout(timer);
        resolve(value);
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error(`timed out waiting for ${what}`));
      }, timeout);
    });
  }

  /**
   * Resolves once `element` shows something, holds nothing busy (`aria-busy="true"`) and has not
   * changed for QUIET_MS; rejects after a timeout.
   */
  function quiet(element) {
    return new Promise((resolve, reject) => {
      let timer;
      const observer = new MutationObserver(() => restart());
      const deadline = setTimeout(() => {
        observer.disconnect();
        clearTimeout(timer);
        reject(new Error('timed out waiting for the widget to settle'));
      }, TIMEOUT_MS);
      function check() {
        const busy = element.matches('[aria-busy="true"]') || element.querySelector('[aria-busy="true"]');
        if (!element.textContent.trim() || busy) return restart();
        observer.disconnect();
        clearTimeout(deadline);
        return resolve();
      }
      function restart() {
        clearTimeout(timer);
        timer = setTimeout(check, QUIET_MS);
      }
      observer.observe(element, { subtree: true, childList: true, attributes: true, characterData: true });
      restart();
    });
  }

  /** The first enabled element under `root` matching `selector`. */
  function find(root, selector) {
    return Array.from(root.querySelectorAll(selector)).find((node) => !node.disabled);
  }

  /** Lets React run the effects of what it just rendered (some listeners are attached in effects). */
  const effectsDone = () => new Promise((resolve) => setTimeout(resolve, 50));

  async function click(root, selector) {
    const node = await waitFor(() => find(root, selector), selector);
    await effectsDone();
    node.click();
    return node;
  }

  /** The form field named `name` under `root`. */
  const field = (root, name) => waitFor(() => find(root, `[name="${name}"]`), `the field "${name}"`);

  /** Sets a React-controlled input's or select's value the way typing or choosing does. */
  function setValue(control, value) {
    const proto = control instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value').set.call(control, value);
    control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }

  const radio = (root, value) => click(root, `input[type="radio"][value="${value}"]`);

  /** A small PNG drawn on a canvas, as a File (a photo of a ticket, for the manual claim). */
  function ticketPhoto() {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 300;
    const context = canvas.getContext('2d');
    context.fillStyle = '#f4e7c5';
    context.fillRect(0, 0, 480, 300);
    context.fillStyle = '#7a1f1f';
    context.fillRect(0, 0, 480, 48);
    context.fillStyle = '#222';
    context.font = '24px sans-serif';
    context.fillText('STANDARD CLASS  LBG7WK2F', 24, 140);
    return new Promise((resolve) =>
      canvas.toBlob((blob) => resolve(new File([blob], 'ticket.png', { type: 'image/png' })), 'image/png'),
    );
  }

  // The controls the drives press, by their markup (widgets/refund: AcceptRefund's button, the
  // replacement panel's accordions; widgets/refund/components/Modal.tsx: the close button ends the actions).
  const ACCEPT = '.rw-refund__actions button';
  const SUBMIT = 'button[type="submit"]';
  const PROVIDE_ACCORDION = 'button[aria-controls^="rw-replacement-provide-"]';
  const DEFER_ACCORDION = 'button[aria-controls^="rw-replacement-defer-"]';
  const MODAL_CLOSE = '.rw-modal__actions > button:last-child';

  /** Opens the replacement panel's form and waits for its booking reference field. */
  async function openReplacementForm(mount) {
    await click(mount, PROVIDE_ACCORDION);
    return field(mount, 'bookingReference');
  }

  /** What each `data-gallery-drive` does, after the state's widget has mounted. */
  const DRIVES = {
    'accept-refund': (mount) => click(mount, ACCEPT),
    defer: async (mount) => {
      await click(mount, DEFER_ACCORDION);
      await click(mount, `.rw-replacement__defer ${ACCEPT}`);
    },
    'replacement-empty': async (mount) => {
      await openReplacementForm(mount);
      await click(mount, SUBMIT);
    },
    // Types the state's replacement booking (fixtures/lookups.json) into the form.
    'replacement-lookup': async (mount) => {
      const reference = await openReplacementForm(mount);
      setValue(reference, mount.dataset.galleryLookupReference);
      setValue(await field(mount, 'email'), mount.dataset.galleryLookupEmail);
      await click(mount, SUBMIT);
    },
    'advance-info': (mount) => click(mount, 'a[data-launch="advance-info"]'),
    // The six-month modal opens by itself; closing it shows the page beneath.
    'six-months-close': async (mount) => {
      const dialog = await waitFor(() => mount.querySelector('dialog[open]'), 'the six-month modal');
      await click(dialog, MODAL_CLOSE);
      await waitFor(() => !mount.querySelector('dialog[open]'), 'the six-month modal to close');
    },
    appeal: (mount) => click(mount, 'button[aria-haspopup="dialog"]'),
    'choose-photo': async (mount) => {
      const input = await waitFor(() => mount.querySelector('input[type="file"]'), 'the file input');
      const files = new DataTransfer();
      files.items.add(await ticketPhoto());
      input.files = files.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    'submit-claim': async (mount) => {
      await DRIVES['choose-photo'](mount);
      await click(mount, SUBMIT);
    },
    'disruption-empty': (mount) => click(mount, SUBMIT),
    'disruption-second': async (mount) => {
      await radio(mount, 'Yes');
      await click(mount, SUBMIT);
    },
    'disruption-portion': async (mount) => {
      await DRIVES['disruption-second'](mount);
      await radio(mount, 'abandoned1');
      await click(mount, SUBMIT);
    },
    'lookup-empty-submit': (mount) => click(mount, SUBMIT),
    'lookup-delay-repay': async (mount) => {
      await radio(mount, 'Disruption');
      await radio(mount, 'delayRepay');
    },
    'lookup-wheelchair': (mount) => radio(mount, 'Wheelchair'),
  };

  const mountOf = (section) => section.querySelector('.gallery-state__mount');

  /**
   * Mounts a state. The error states set their page up wrongly on purpose: the SetupError that
   * `mount()` then rejects with is expected, and their mount point shows the traveller's text.
   */
  function mount(section) {
    const element = mountOf(section);
    return window.RefundWidgets.mount(element.dataset.galleryWidget, element, {
      search: element.dataset.gallerySearch || '',
      apiBase: GALLERY_API,
    }).catch((error) => {
      if (!(error && error.name === 'SetupError')) throw error;
    });
  }

  /** Drives a mounted state (if it needs an action) and waits until it is shown. */
  async function settle(section) {
    const element = mountOf(section);
    const action = DRIVES[element.dataset.galleryDrive || ''];
    if (action) await action(element);
    if (element.dataset.galleryModal === 'true')
      await waitFor(() => element.querySelector('dialog[open]'), 'its dialog');
    else await quiet(element);
    section.dataset.galleryState = 'settled';
  }

  function fail(section, error) {
    section.dataset.galleryState = 'failed';
    section.dataset.galleryError = String(error && error.message ? error.message : error);
  }

  /** Runs `step` for one section, recording a failure in the section instead of stopping the gallery. */
  const guarded = (section, step) => step(section).catch((error) => fail(section, error));

  /** The disruption widget's saved answers, taken out before the gallery runs and put back after. */
  function takeStoredAnswers() {
    const saved = {};
    try {
      for (let i = localStorage.length - 1; i >= 0; i -= 1) {
        const key = localStorage.key(i);
        if (key && key.startsWith(DISRUPTION_STORAGE)) {
          saved[key] = localStorage.getItem(key);
          localStorage.removeItem(key);
        }
      }
    } catch {
      // Storage disabled: the widget carries on without it, and so does the gallery.
    }
    return () => {
      try {
        for (let i = localStorage.length - 1; i >= 0; i -= 1) {
          const key = localStorage.key(i);
          if (key && key.startsWith(DISRUPTION_STORAGE)) localStorage.removeItem(key);
        }
        Object.entries(saved).forEach(([key, value]) => localStorage.setItem(key, value));
      } catch {
        // As above.
      }
    };
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
    const drive = (section) => mountOf(section).dataset.galleryDrive || '';
    const withoutMap = sections.filter((s) => drive(s) === 'without-station-map');
    const modals = sections.filter((s) => mountOf(s).dataset.galleryModal === 'true');
    const advance = modals.filter((s) => drive(s) === 'advance-info');
    const selfOpening = modals.filter((s) => !drive(s));
    // A page whose modal opens by itself and is closed by its drive: mounted after the modals, so
    // its modal never sits under theirs.
    const closedModal = sections.filter((s) => drive(s) === 'six-months-close');
    const rest = sections.filter(
      (s) => !withoutMap.includes(s) && !selfOpening.includes(s) && !advance.includes(s) && !closedModal.includes(s),
    );

    // The station map is page-wide (`#station-names`): these states mount while it is taken out.
    const map = document.getElementById('station-names');
    const parent = map && map.parentNode;
    const place = map && map.nextSibling;
    if (map) map.remove();
    for (const section of withoutMap) await guarded(section, mount);
    if (map) parent.insertBefore(map, place);

    // Every refund widget listens for `data-launch="advance-info"` links on the document and the
    // first one mounted opens its modal, so the advance-info state mounts first.
    for (const section of advance) await guarded(section, mount);
    await Promise.all(rest.map((section) => guarded(section, mount)));

    const notModal = (s) => !modals.includes(s) && !closedModal.includes(s);
    await Promise.all(
      sections.filter((s) => notModal(s) && s.dataset.galleryState === 'pending').map((s) => guarded(s, settle)),
    );
    // Modals one at a time, in page order, so each opens over the previous one.
    for (const section of modals.filter((s) => !selfOpening.includes(s))) {
      if (section.dataset.galleryState === 'pending') await guarded(section, settle);
    }
    for (const section of closedModal) {
      await guarded(section, mount);
      if (section.dataset.galleryState === 'pending') await guarded(section, settle);
    }
    for (const section of selfOpening) {
      await guarded(section, mount);
      if (section.dataset.galleryState === 'pending') await guarded(section, settle);
    }

    restoreAnswers();
    const failed = sections.filter((s) => s.dataset.galleryState !== 'settled');
    status.textContent =
      failed.length === 0
        ? `All ${sections.length} states settled.`
        : `${sections.length - failed.length} of ${sections.length} states settled; not reached: ${failed
            .map((s) => s.id.replace(/^state-/, ''))
            .join(', ')}.`;
    document.body.dataset.gallery = failed.length === 0 ? 'settled' : 'incomplete';
  }

  run();
})();
