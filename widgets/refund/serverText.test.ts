/**
 * serverText: the server's own text of a failure, and nothing else (docs/product-rules.md section
 * 8; docs/decisions.md "The refund page's words and amounts").
 */
import { answerError, CODE_LOAD_MESSAGE } from '../../shared/api/policy';
import { WidgetError } from '../../shared/errors/WidgetError';
import { serverText } from './serverText';

describe('serverText', () => {
  it.each([
    ['plain text', 'Booking service unavailable', 'Booking service unavailable'],
    ['{message}', '{"message":"Journey already used"}', 'Journey already used'],
    ['{error}', '{"error":"Try later"}', 'Try later'],
    ['{title} of problem details', '{"title":"Fares engine down","status":500}', 'Fares engine down'],
    ['a bare JSON string', '"Not today"', 'Not today'],
    ['text with spaces around it', '  Closed for the night \n', 'Closed for the night'],
  ])('an answer with %s gives its text', (_kind, body, text) => {
    expect(serverText(answerError(500, body, 'get'))).toBe(text);
    expect(serverText(answerError(403, body, 'post'))).toBe(text);
  });

  it.each([
    ['an empty body', ''],
    ['a proxy web page', '<!DOCTYPE html><html><body>502 Bad Gateway</body></html>'],
    ['an HTML fragment page', '<html><body>Error</body></html>'],
    ['JSON without a message', '{"code":"E42","traceId":"abc"}'],
    ['JSON null', 'null'],
    ['a JSON number', '500'],
  ])('an answer with %s gives nothing (never "Server responded with … code.")', (_kind, body) => {
    const failure = answerError(502, body, 'get');
    expect(serverText(failure)).toBe('');
  });

  it.each([
    ['a timeout', new WidgetError('TIMEOUT', 'timeout of 20000ms exceeded')],
    ['no answer', new WidgetError('NETWORK_ERROR', 'Network Error')],
    ['code that did not load', new WidgetError('NETWORK_ERROR', CODE_LOAD_MESSAGE)],
    [
      'an answer of the wrong shape',
      new WidgetError('INVALID_RESPONSE', 'The dry run answer was not in the expected form', { body: 'x' }),
    ],
    ['an exception', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['a string thrown', 'ChunkLoadError: Loading chunk 42 failed. (https://cdn.test/42.js)'],
  ])("%s gives nothing: the client's own messages are never shown", (_kind, error) => {
    expect(serverText(error)).toBe('');
  });

  it('cuts a very long text at 2000 characters with an ellipsis', () => {
    const text = serverText(answerError(500, 'A'.repeat(5000), 'get'));
    expect(text).toHaveLength(2000);
    expect(text.endsWith('A…')).toBe(true);
    expect(serverText(answerError(500, 'B'.repeat(2000), 'get'))).toBe('B'.repeat(2000));
  });
});
