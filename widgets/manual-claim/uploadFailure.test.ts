/**
 * What a failed upload says (docs/uploads.md "What the traveller reads"), on its own. Which bodies hold a server
 * text at all is shared/api/serverText.test.ts's; here, the upload's own rules on top of it.
 */
import { WidgetError, RELOAD_PAGE_TEXT } from '../../shared/errors/WidgetError';
import { answerError } from '../../shared/api/policy';
import { MAX_SERVER_TEXT, uploadFailureText } from './uploadFailure';

const answer = (status: number, body: unknown) => answerError(status, body, 'post');

describe('uploadFailureText', () => {
  it('shows a server text of at most 300 characters (docs/uploads.md)', () => {
    expect(MAX_SERVER_TEXT).toBe(300);
  });

  it.each([
    [
      '409 with the duplicate text',
      answer(409, '{"message":"You have already added this photo."}'),
      'You have already added this photo.',
    ],
    ['413 with a text', answer(413, { message: 'Too large.' }), 'Too large.'],
    ['413 without a text', answer(413, ''), 'The selected file must be smaller than 10 MB'],
    [
      '413 with an HTML page',
      answer(413, '<html><body><h1>413 Request Entity Too Large</h1></body></html>'),
      'The selected file must be smaller than 10 MB',
    ],
    ['413 with a JSON number', answer(413, '413'), 'The selected file must be smaller than 10 MB'],
    [
      `413 with a text over ${MAX_SERVER_TEXT} characters`,
      answer(413, 'x'.repeat(MAX_SERVER_TEXT + 1)),
      'The selected file must be smaller than 10 MB',
    ],
    [
      `409 with a text of exactly ${MAX_SERVER_TEXT} characters`,
      answer(409, 'y'.repeat(MAX_SERVER_TEXT)),
      'y'.repeat(MAX_SERVER_TEXT),
    ],
    [
      `409 with a text over ${MAX_SERVER_TEXT} characters`,
      answer(409, 'x'.repeat(MAX_SERVER_TEXT + 1)),
      'This photo was not accepted. Remove it and choose another photo.',
    ],
    [
      '415 with an object without a message',
      answer(415, '{"errors":{"file":["required"]}}'),
      'This photo was not accepted. Remove it and choose another photo.',
    ],
    [
      '415 with a JSON array',
      answer(415, '["a","b"]'),
      'This photo was not accepted. Remove it and choose another photo.',
    ],
    ['422 with JSON null', answer(422, 'null'), 'This photo was not accepted. Remove it and choose another photo.'],
    ['422 without a text', answer(422, ''), 'This photo was not accepted. Remove it and choose another photo.'],
    [
      '500 with a text',
      answer(500, 'Internal error in the dev host.'),
      'The photo could not be uploaded just now. Please try again.',
    ],
    ['502 without a text', answer(502, ''), 'The photo could not be uploaded just now. Please try again.'],
    ['408', answer(408, 'Request Timeout'), 'The photo could not be uploaded just now. Please try again.'],
    ['429', answer(429, 'Slow down'), 'The photo could not be uploaded just now. Please try again.'],
    ['403 (a stale page)', answer(403, 'Forbidden'), RELOAD_PAGE_TEXT],
    [
      'a timeout',
      new WidgetError('TIMEOUT', 'timeout of 30000ms exceeded'),
      'The upload took too long. Please try again.',
    ],
    [
      'no answer',
      new WidgetError('NETWORK_ERROR', 'Network Error'),
      'We could not send this photo. Check your internet connection, then try again.',
    ],
    [
      'an error of any other kind',
      new TypeError('x is undefined'),
      'We could not send this photo. Check your internet connection, then try again.',
    ],
    [
      'an answer that is not an id',
      new WidgetError('INVALID_RESPONSE', 'The server sent an answer we could not read.'),
      'The photo could not be uploaded just now. Please try again.',
    ],
  ])('%s', (_name, error, text) => {
    expect(uploadFailureText(error)).toBe(text);
  });
});
