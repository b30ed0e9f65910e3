/**
 * @jest-environment jsdom
 */
/**
 * build/mount-content.js: what each mount point holds before its widget mounts
 * (docs/host-contract.md "Content before the widget"), read as a browser parses it.
 */
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const widgets = require('../host-shim/widgets.json');
const { mountContent, mountSnippetFor, writeMountSnippets, MOUNT_TEXTS } = require('./mount-content');

const HOSTILE = '"><script>alert(1)</script>';

/** The content parsed inside a mount `<div>`. */
function parse(html) {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
}

describe('mountContent', () => {
  it('lookup: a GET form to data-action with the labelled BookingReference and Email fields and Continue', () => {
    const div = parse(mountContent('lookup', { action: '/Refunds?x=1&y=2' }));
    const form = div.querySelector('form');
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/Refunds?x=1&y=2');
    const fields = [...form.querySelectorAll('input')].map((input) => [
      input.name,
      input.type,
      div.querySelector(`label[for="${input.id}"]`)?.textContent,
    ]);
    expect(fields).toEqual([
      ['BookingReference', 'text', 'Booking reference'],
      ['Email', 'email', 'Email address'],
    ]);
    expect(form.querySelector('button[type=submit]').textContent).toBe('Continue');
    expect(parse(mountContent('lookup')).querySelector('form').getAttribute('action')).toBe('/ConfirmRefund');
  });

  it.each(['refund', 'manualClaim', 'disruption', 'journeySummary'])(
    '%s: the preamble, then a hidden failure text with what to try and the support address',
    (name) => {
      const div = parse(mountContent(name, { supportEmail: 'help@example.co.uk' }));
      expect(div.querySelector('.rw-before__wait').textContent).toBe(MOUNT_TEXTS.preamble);
      expect(MOUNT_TEXTS.preamble).toBe('Please wait while we load the data required to process your refund.');
      const failed = div.querySelector('.rw-before__failed');
      expect(failed.hidden).toBe(true);
      expect(failed.textContent).toContain(MOUNT_TEXTS.failed);
      expect(failed.querySelector('a').getAttribute('href')).toBe('mailto:help@example.co.uk');
      expect(failed.textContent).toContain(
        'If it still does not load, email help@example.co.uk with your booking reference.',
      );
      expect(failed.querySelector('.rw-before__noscript').hidden).toBe(true);
    },
  );

  it('without a support address it names customer services, with no link', () => {
    const failed = parse(mountContent('refund', { supportEmail: ' ' })).querySelector('.rw-before__failed');
    expect(failed.querySelector('a')).toBeNull();
    expect(failed.textContent).toContain(MOUNT_TEXTS.contactNoEmail);
  });

  it('escapes the values it writes', () => {
    const lookup = parse(mountContent('lookup', { action: HOSTILE }));
    expect(lookup.querySelector('script')).toBeNull();
    expect(lookup.querySelector('form').getAttribute('action')).toBe(HOSTILE);
    const refund = parse(mountContent('refund', { supportEmail: `x${HOSTILE}@example.co.uk` }));
    expect(refund.querySelector('script')).toBeNull();
    expect(refund.querySelector('a').textContent).toBe(`x${HOSTILE}@example.co.uk`);
  });
});

it('docs/host-contract.md "Content before the widget" shows the content as written', () => {
  const doc = fs.readFileSync(path.join(__dirname, '..', 'docs', 'host-contract.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Content before the widget'), doc.indexOf('## One element per id'));
  const blocks = [...section.matchAll(/```html\n([\s\S]*?)\n {2}```/g)].map(([, block]) =>
    block.replace(/^ {2}/gm, ''),
  );
  expect(blocks).toEqual([mountContent('lookup'), mountContent('refund', { supportEmail: 'support@example.co.uk' })]);
});

describe('mount snippets', () => {
  it('writes preload/<widget>.mount.html for every widget, with the placeholder of its attribute', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rw-mount-'));
    try {
      expect(writeMountSnippets(dist, widgets)).toEqual(widgets.map(({ name }) => `preload/${name}.mount.html`));
      const lookup = fs.readFileSync(path.join(dist, 'preload/lookup.mount.html'), 'utf8');
      expect(lookup).toBe(mountSnippetFor(widgets.find(({ name }) => name === 'lookup')));
      expect(lookup).toContain('action="{data-action}"');
      const refund = fs.readFileSync(path.join(dist, 'preload/refund.mount.html'), 'utf8');
      expect(refund).toMatch(/^<!-- The refund widget's mount content, inside <div id="refund-widget" …><\/div>/);
      expect(refund).toContain('<a href="mailto:{data-support-email}">{data-support-email}</a>');
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
