/**
 * Build-time stand-in for axios's fetch adapter (webpack.config.js swaps
 * `axios/lib/adapters/fetch.js` for this file). The widgets' client runs in browsers, where axios
 * picks its XHR adapter first (`adapter: ['xhr', 'http', 'fetch']`), so the fetch adapter is
 * never used; leaving it out keeps its code (and its stream helpers) off every first panel.
 * `getFetch` answering false is how axios marks an adapter the environment does not support.
 */
export const getFetch = () => false;
export default false;
