import { readShimConfig, remoteEntryUrl, widgetsOnPage } from './config';

function script(attrs: Record<string, string>): HTMLScriptElement {
  const el = document.createElement('script');
  Object.entries(attrs).forEach(([k, v]) => el.setAttribute(k, v));
  return el;
}

describe('host shim configuration (DESIGN.md host contract)', () => {
  const page = 'https://www.example-rail.co.uk/ConfirmRefund?BookingReference=KXB7HT2N';

  it('locates remotes from the shim URL by default', () => {
    const config = readShimConfig(script({}), 'https://cdn.example.net/static/refund-widgets/', page);
    expect(config).toEqual({
      remotesBase: 'https://cdn.example.net/static/refund-widgets/',
      apiBase: '',
      autoMount: true,
    });
    expect(remoteEntryUrl(config, 'refund')).toBe(
      'https://cdn.example.net/static/refund-widgets/refund/remoteEntry.js',
    );
  });

  it('honours data-remotes-base (relative to the page), data-api-base and data-auto-mount="false"', () => {
    const config = readShimConfig(
      script({
        'data-remotes-base': '/other/widgets',
        'data-api-base': 'https://api.example.co.uk/',
        'data-auto-mount': 'FALSE',
      }),
      'https://cdn.example.net/x/',
      page,
    );
    expect(config.remotesBase).toBe('https://www.example-rail.co.uk/other/widgets/');
    expect(config.apiBase).toBe('https://api.example.co.uk');
    expect(config.autoMount).toBe(false);
  });

  it('works when the shim was not loaded by a script tag', () => {
    expect(readShimConfig(null, 'https://cdn.example.net/a/', page).remotesBase).toBe('https://cdn.example.net/a/');
  });

  it('finds only the widgets whose mount id is on the page', () => {
    document.body.innerHTML = '<div id="refund-widget"></div><div id="unrelated"></div>';
    const found = widgetsOnPage(document, [
      { name: 'refund', mountId: 'refund-widget' },
      { name: 'journeySummary', mountId: 'journey-summary-widget' },
    ]);
    expect(found.map((f) => f.widget.name)).toEqual(['refund']);
    expect(found[0].element.id).toBe('refund-widget');
  });
});
