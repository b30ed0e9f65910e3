/**
 * Build-time stand-in for axios's fetch adapter (webpack.config.js): browsers use the XHR adapter,
 * so the fetch adapter's code stays off every first panel. `getFetch` false = unsupported.
 */
export const getFetch = () => false;
export default false;
