/**
 * Browser-test helper: serves a dev-host page rewritten, as HTML injected into a host page would
 * change it, and without its Content-Security-Policy (as on a host page that has none).
 */

/**
 * Serves `pattern`'s pages rewritten by `rewrite(html)` and without their Content-Security-Policy.
 * @param {import('playwright-core').Page} page
 * @param {string} pattern a playwright URL pattern
 * @param {(html: string) => string} rewrite
 */
async function rewritePages(page, pattern, rewrite) {
  await page.route(pattern, async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['content-security-policy'];
    delete headers['content-length'];
    delete headers['content-encoding'];
    await route.fulfill({ response, headers, body: rewrite(await response.text()) });
  });
}

module.exports = { rewritePages };
