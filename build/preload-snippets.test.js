/**
 * build/preload-snippets.js: `dist/preload/<widget>.html`, the preload hints of one widget's first
 * panel for hosts that are not ASP.NET (docs/host-contract.md "Preload hints").
 */
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { firstPanelFilesOf, snippetFor, writePreloadSnippets } = require('./preload-snippets');
const { integrityOf } = require('./manifest-plugin');

const TABLE = {
  hostProvides: ['@rw/page-runtime'],
  remotes: {
    refund: {
      files: ['refund/remoteEntry.js', 'refund/908.aaaa1111.css', 'refund/908.bbbb2222.js'],
      consumes: ['@rw/page-runtime', 'react', 'yup'],
      provides: { react: ['refund/558.cccc3333.js'], formik: ['refund/580.dddd4444.js'] },
    },
    lookup: { files: ['lookup/remoteEntry.js'], consumes: ['react'], provides: {} },
  },
};
/** The refund widget as host-shim/widgets.json has it, with its first GETs. */
const REFUND = require('../host-shim/widgets.json').find(({ name }) => name === 'refund');

describe('firstPanelFilesOf', () => {
  it("is the widget's own files, then the files it provides for the shares it consumes that the shim does not", () => {
    expect(firstPanelFilesOf(TABLE, 'refund')).toEqual([
      'refund/remoteEntry.js',
      'refund/908.aaaa1111.css',
      'refund/908.bbbb2222.js',
      'refund/558.cccc3333.js',
    ]);
    expect(firstPanelFilesOf(TABLE, 'lookup')).toEqual(['lookup/remoteEntry.js']);
    expect(firstPanelFilesOf(TABLE, 'seatPicker')).toEqual([]);
  });

  it("takes the shim's own files of a share the shim provides, for the shares the widget consumes only", () => {
    const table = {
      ...TABLE,
      hostProvides: ['@rw/page-runtime', 'react', 'yup', 'formik'],
      hostFiles: {
        '@rw/page-runtime': ['host-shim/769.eeee5555.js'],
        react: ['host-shim/558.aaaa0000.js'],
        yup: ['host-shim/341.bbbb0000.js'],
        formik: ['host-shim/580.cccc0000.js'],
      },
    };
    expect(firstPanelFilesOf(table, 'refund')).toEqual([
      'refund/remoteEntry.js',
      'refund/908.aaaa1111.css',
      'refund/908.bbbb2222.js',
      'host-shim/769.eeee5555.js',
      'host-shim/558.aaaa0000.js',
      'host-shim/341.bbbb0000.js',
    ]);
    expect(firstPanelFilesOf(table, 'lookup')).toEqual(['lookup/remoteEntry.js', 'host-shim/558.aaaa0000.js']);
  });

  it("starts with the shim's loader chunk files, which the shim imports first on every page with a widget", () => {
    const table = { ...TABLE, shim: ['host-shim/769.eeee5555.css', 'host-shim/loader.ffff6666.js'] };
    expect(firstPanelFilesOf(table, 'lookup')).toEqual([
      'host-shim/769.eeee5555.css',
      'host-shim/loader.ffff6666.js',
      'lookup/remoteEntry.js',
    ]);
    expect(
      snippetFor(REFUND, table, (file) => `sha384-${file}`)
        .split('\n')
        .filter((line) => line.startsWith('<link'))
        .slice(2, 5),
    ).toEqual([
      '<link rel="preload" href="{base}/host-shim/769.eeee5555.css" as="style" integrity="sha384-host-shim/769.eeee5555.css">',
      '<link rel="preload" href="{base}/host-shim/loader.ffff6666.js" as="script" integrity="sha384-host-shim/loader.ffff6666.js">',
      '<link rel="preload" href="{base}/refund/remoteEntry.js" as="script" integrity="sha384-refund/remoteEntry.js">',
    ]);
    expect(firstPanelFilesOf(table, 'seatPicker')).toEqual([]);
  });
});

describe('snippetFor', () => {
  it('writes the GETs as fetch hints with placeholders, then each file with its integrity under {base}', () => {
    const lines = snippetFor(REFUND, TABLE, (file) => `sha384-${file}`)
      .trimEnd()
      .split('\n');
    expect(lines[0]).toBe(
      '<!-- The refund widget\'s preload hints, for the page\'s <head> (docs/host-contract.md "Preload hints").',
    );
    expect(lines.filter((line) => line.startsWith('<link'))).toEqual([
      '<link rel="preload" href="{data-refund-status-url}" as="fetch" crossorigin="anonymous">',
      '<link rel="preload" href="{data-dry-run-url}" as="fetch" crossorigin="anonymous">',
      '<link rel="preload" href="{base}/refund/remoteEntry.js" as="script" integrity="sha384-refund/remoteEntry.js">',
      '<link rel="preload" href="{base}/refund/908.aaaa1111.css" as="style" integrity="sha384-refund/908.aaaa1111.css">',
      '<link rel="preload" href="{base}/refund/908.bbbb2222.js" as="script" integrity="sha384-refund/908.bbbb2222.js">',
      '<link rel="preload" href="{base}/refund/558.cccc3333.js" as="script" integrity="sha384-refund/558.cccc3333.js">',
    ]);
    expect(lines).toContain(
      '     Leave out a line whose {data-…} the mount element lacks, and the {data-dry-run-url} line when it has data-view.',
    );
  });

  it('says which fetch line to leave out for which attribute, and nothing of one when no GET has an `unless`', () => {
    const prefetch = {
      urls: ['data-a-url', 'data-b-url', 'data-c-url'],
      unless: { 'data-a-url': 'data-x', 'data-c-url': 'data-y' },
    };
    const leaveOut = (widget) =>
      snippetFor(widget, TABLE, () => 'sha384-x')
        .split('\n')
        .filter((line) => line.includes('Leave out'));
    expect(leaveOut({ name: 'refund', prefetch })).toEqual([
      '     Leave out a line whose {data-…} the mount element lacks, and the {data-a-url} line when it has data-x, and the {data-c-url} line when it has data-y.',
    ]);
    expect(leaveOut({ name: 'refund', prefetch: { urls: ['data-a-url'] } })).toEqual([
      '     Leave out a line whose {data-…} the mount element lacks.',
    ]);
    expect(leaveOut({ name: 'lookup' })).toEqual([]);
  });

  it('given the host stylesheet, links it first with its integrity, and says it is one per page', () => {
    const html = snippetFor(REFUND, TABLE, (file) => `sha384-${file}`, 'refund-widgets.css');
    const links = html.split('\n').filter((line) => line.startsWith('<link'));
    expect(links[0]).toBe(
      '<link rel="stylesheet" href="{base}/refund-widgets.css" integrity="sha384-refund-widgets.css">',
    );
    expect(links.slice(1)).toEqual(
      snippetFor(REFUND, TABLE, (file) => `sha384-${file}`)
        .split('\n')
        .filter((line) => line.startsWith('<link')),
    );
    expect(html).toContain('The stylesheet reserves the mount points\' space (docs/host-contract.md "Reserved space")');
    expect(html.match(/-->/g)).toHaveLength(1);
  });

  it("given the shim's file, hints it after the GETs with the integrity and crossorigin of its script tag", () => {
    const table = { ...TABLE, shim: ['host-shim/loader.ffff6666.js'] };
    const html = snippetFor(REFUND, table, (file) => `sha384-${file}`, 'refund-widgets.css', 'host-shim.0123abcd.js');
    expect(
      html
        .split('\n')
        .filter((line) => line.startsWith('<link'))
        .slice(3, 5),
    ).toEqual([
      '<link rel="preload" href="{base}/host-shim.0123abcd.js" as="script" integrity="sha384-host-shim.0123abcd.js" crossorigin="anonymous">',
      '<link rel="preload" href="{base}/host-shim/loader.ffff6666.js" as="script" integrity="sha384-host-shim/loader.ffff6666.js">',
    ]);
    expect(html).toContain("The shim's line has the integrity and crossorigin of its script tag");
    expect(snippetFor(REFUND, table, (file) => `sha384-${file}`)).not.toContain('host-shim.0123abcd.js');
  });

  it('has no fetch hint and no placeholder of its own for a widget without first GETs', () => {
    const html = snippetFor({ name: 'lookup' }, TABLE, () => 'sha384-x');
    expect(html).not.toContain('as="fetch"');
    expect(html).not.toContain('{data-');
    expect(html).toContain('<link rel="preload" href="{base}/lookup/remoteEntry.js" as="script" integrity="sha384-x">');
  });
});

describe('writePreloadSnippets', () => {
  it('writes preload/<widget>.html for each widget, with the integrity of the files on disk', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rw-preload-'));
    fs.mkdirSync(path.join(dist, 'lookup'));
    fs.writeFileSync(path.join(dist, 'lookup', 'remoteEntry.js'), 'entry');
    expect(writePreloadSnippets(dist, [{ name: 'lookup' }], TABLE, integrityOf)).toEqual(['preload/lookup.html']);
    expect(fs.readFileSync(path.join(dist, 'preload', 'lookup.html'), 'utf8')).toContain(
      `href="{base}/lookup/remoteEntry.js" as="script" integrity="${integrityOf(Buffer.from('entry'))}">`,
    );
    fs.rmSync(dist, { recursive: true, force: true });
  });
});
