/** What a failed upload says (docs/uploads.md "What the traveller reads"), on its own. */
import { WidgetError, RELOAD_PAGE_TEXT } from '../../shared/errors/WidgetError';
import { answerError } from '../../shared/api/policy';
import { MAX_SERVER_TEXT, readableServerText, uploadFailureText } from './uploadFailure';

const answer = (status: number, body: unknown) => answerError(status, body, 'post');

describe('readableServerText', () => {
  it.each([
    ['{"message":"You have already added this photo."}', 'You have already added this photo.'],
    ['"You have already added this photo."', 'You have already added this photo.'],
    ['  You have already added this photo. \n', 'You have already added this photo.'],
    ['{"error":"Only JPEG, PNG or GIF images are accepted."}', 'Only JPEG, PNG or GIF images are accepted.'],
  ])('reads %s', (body, text) => {
    expect(readableServerText(body)).toBe(text);
  });

  it.each([
    ['nothing', undefined],
    ['an empty body', ''],
    ['an HTML page', '<html><body><h1>413 Request Entity Too Large</h1></body></html>'],
    ['an object without a message', '{"errors":{"file":["required"]}}'],
    ['a JSON array', '["a","b"]'],
    ['a body over the limit', 'x'.repeat(MAX_SERVER_TEXT + 1)],
  ])('gives none for %s', (_name, body) => {
    expect(readableServerText(body)).toBeNull();
  });

  it(`keeps a text of exactly ${MAX_SERVER_TEXT} characters`, () => {
    expect(readableServerText('y'.repeat(MAX_SERVER_TEXT))).toBe('y'.repeat(MAX_SERVER_TEXT));
  });
});

describe('uploadFailureText', () => {
  it.each([
    [
      '409 with the duplicate text',
      answer(409, '{"message":"You have already added this photo."}'),
      'You have already added this photo.',
    ],
    ['413 with a text', answer(413, { message: 'Too large.' }), 'Too large.'],
    ['413 without a text', answer(413, ''), 'The selected file must be smaller than 10 MB'],
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
