/**
 * Jest resolver: Mock Service Worker's modules (msw, @mswjs/*) resolve with Node's export
 * conditions in the jsdom projects too, so `msw/node` loads its Node build (jsdom asks for
 * `browser`); every other module resolves as Jest resolves it.
 */
const MSW = /^(msw|@mswjs\/[^/]+)(\/|$)|[\\/]node_modules[\\/](msw|@mswjs)[\\/]/;

module.exports = (request, options) => {
  const fromMsw = MSW.test(request) || MSW.test(options.basedir + '/');
  return options.defaultResolver(
    request,
    fromMsw ? { ...options, conditions: ['require', 'node', 'default'] } : options,
  );
};
