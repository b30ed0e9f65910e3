/**
 * serverText: the server's own text of a failure, and nothing else (docs/decisions.md "The
 * server's own text"; docs/product-rules.md section 8). The widgets' own rules on top of it are
 * tested beside them (widgets/manual-claim/uploadFailure.test.ts: the 300-character limit beside a
 * photo's name).
 */
import { WidgetError } from '../errors/WidgetError';
import { answerError, CODE_LOAD_MESSAGE } from './policy';
import { SERVER_TEXT_MAX, serverText } from './serverText';

describe('serverText', () => {
  it.each([
    ['plain text', 'Booking service unavailable', 'Booking service unavailable'],
    ['{message}', '{"message":"Journey already used"}', 'Journey already used'],
    [
      '{message} of an upload refusal',
      '{"message":"You have already added this photo."}',
      'You have already added this photo.',
    ],
    ['{error}', '{"error":"Try later"}', 'Try later'],
    [
      '{error} of an upload refusal',
      '{"error":"Only JPEG, PNG or GIF images are accepted."}',
      'Only JPEG, PNG or GIF images are accepted.',
    ],
    ['{Message}', '{"Message":"Booking locked"}', 'Booking locked'],
    ['{title} of problem details', '{"title":"Fares engine down","status":500}', 'Fares engine down'],
    ['{detail}', '{"detail":"Refund window closed"}', 'Refund window closed'],
    ['a bare JSON string', '"Not today"', 'Not today'],
    [
      'a bare JSON string of an upload refusal',
      '"You have already added this photo."',
      'You have already added this photo.',
    ],
    ['text with spaces around it', '  Closed for the night \n', 'Closed for the night'],
    [
      'text with spaces around an upload refusal',
      '  You have already added this photo. \n',
      'You have already added this photo.',
    ],
    ['a {message} with spaces around it', '{"message":"  Journey already used \\n"}', 'Journey already used'],
    ['a {message} in quotes', '{"message":"\\"Closed\\" today"}', '"Closed" today'],
    ['a {message} that is a JSON string', '{"message":"\\"Closed\\""}', '"Closed"'],
    ['a tag inside the text', 'Use the <Refund> button again', 'Use the <Refund> button again'],
    ['a "<" that starts no tag', '<10 MB photos only', '<10 MB photos only'],
    ['text that only ends like JSON', 'Closed until 10:00 {maintenance}', 'Closed until 10:00 {maintenance}'],
    ['a number inside the text', '3 photos at most', '3 photos at most'],
  ])('an answer with %s gives its text', (_kind, body, text) => {
    expect(serverText(answerError(500, body, 'get'))).toBe(text);
    expect(serverText(answerError(409, body, 'post'))).toBe(text);
    expect(serverText(answerError(403, body, 'post'))).toBe(text);
  });

  it.each([
    ['an empty body', ''],
    ['a body of spaces', '  \n '],
    ['a {message} of spaces', '{"message":"   "}'],
    ['a proxy web page', '<!DOCTYPE html><html><body>502 Bad Gateway</body></html>'],
    ['an HTML fragment page', '<html><body>Error</body></html>'],
    ['an HTML page of an upload refusal', '<html><body><h1>413 Request Entity Too Large</h1></body></html>'],
    ['an HTML page in capitals', '<HTML><BODY>Error</BODY></HTML>'],
    ['a piece of a page', '<h1>502 Bad Gateway</h1>'],
    ['a page after spaces', '\n  <center>nginx</center>'],
    ['a closing tag', '</div>'],
    ['an XML declaration', '<?xml version="1.0"?><error>500</error>'],
    ['a message that is markup', '{"message":"<p>Error</p>"}'],
    ['JSON without a message', '{"code":"E42","traceId":"abc"}'],
    ['an object without a message', '{"errors":{"file":["required"]}}'],
    ['a JSON array', '["a","b"]'],
    ['JSON cut off in the middle', '{"answer": '],
    ['a list cut off in the middle', '["a",'],
    ['JSON null', 'null'],
    ['a JSON number', '500'],
    ['a JSON boolean', 'false'],
    ['a message that is a number', '{"message":"404"}'],
  ])('an answer with %s gives nothing (never "Server responded with … code.")', (_kind, body) => {
    expect(serverText(answerError(502, body, 'get'))).toBeUndefined();
    expect(serverText(answerError(413, body, 'post'))).toBeUndefined();
  });

  it.each([
    ['a timeout', new WidgetError('TIMEOUT', 'timeout of 20000ms exceeded')],
    ['no answer', new WidgetError('NETWORK_ERROR', 'Network Error')],
    ['no answer, with a body', new WidgetError('NETWORK_ERROR', 'Network Error', { body: 'Closed' })],
    ['code that did not load', new WidgetError('NETWORK_ERROR', CODE_LOAD_MESSAGE)],
    [
      'an answer of the wrong shape',
      new WidgetError('INVALID_RESPONSE', 'The dry run answer was not in the expected form', { body: 'x' }),
    ],
    ['page data that could not be read', new WidgetError('INVALID_PAGE_DATA', 'Bad page', { body: 'Bad page' })],
    ['an answer without a body', new WidgetError('API_ERROR', 'Server responded with 500 code.', { status: 500 })],
    ['an exception', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['a string thrown', 'ChunkLoadError: Loading chunk 42 failed. (https://cdn.test/42.js)'],
    ['nothing thrown', undefined],
  ])("%s gives nothing: the client's own messages are never shown", (_kind, error) => {
    expect(serverText(error)).toBeUndefined();
  });

  it('reads an axios error the way the client does', () => {
    const axiosError = {
      isAxiosError: true,
      message: 'Request failed',
      response: { status: 409, data: { error: 'Taken' } },
    };
    expect(serverText(axiosError)).toBe('Taken');
  });

  it(`cuts a very long text at ${SERVER_TEXT_MAX} characters with an ellipsis`, () => {
    expect(SERVER_TEXT_MAX).toBe(2000);
    expect(serverText(answerError(500, 'A'.repeat(5000), 'get'))).toBe(`${'A'.repeat(1999)}…`);
    expect(serverText(answerError(500, `${'C'.repeat(2000)}D`, 'get'))).toBe(`${'C'.repeat(1999)}…`);
    expect(serverText(answerError(500, 'B'.repeat(2000), 'get'))).toBe('B'.repeat(2000));
  });
});
