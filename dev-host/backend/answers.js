// @ts-check
// The reference backend's answers, `send` and the routers' error handler (docs/reference-backend.md "Code").
'use strict';

/** @typedef {import('./types').Answer} Answer */
/** @typedef {import('./types').HttpError} HttpError */

/** @type {(value: unknown) => value is HttpError} a fixture's planned failure `{ httpError }` */
const isHttpError = (value) => value !== null && typeof value === 'object' && 'httpError' in value;

/** @type {<T>(value: T) => T} a deep copy, so an answer never shares objects with the fixtures */
const clone = (value) => JSON.parse(JSON.stringify(value));

/** @param {string} message */
const badRequest = (message) => ({ status: 400, json: { message } });

/** @type {(reference: unknown) => Answer} 404 naming at most 40 characters of the reference */
const notFound = (reference) => ({
  status: 404,
  text: `No booking with reference ${String(reference ?? '').slice(0, 40)}`,
  contentType: 'text/plain',
});

/** @type {(httpError: HttpError['httpError']) => Answer} a fixture's planned failure, plain text by default */
const fromHttpError = ({ status, body = '', contentType = 'text/plain' }) => ({
  status,
  text: String(body),
  contentType,
});

/** @type {(answer: Answer) => string} its JSON `message`, else its text (or the text's JSON `message`) */
function messageOf(answer) {
  if (!('text' in answer)) {
    const { json } = answer;
    const message = json !== null && typeof json === 'object' && 'message' in json ? json.message : undefined;
    return typeof message === 'string' ? message : '';
  }
  try {
    const parsed = JSON.parse(answer.text);
    return typeof parsed?.message === 'string' ? parsed.message : answer.text;
  } catch {
    return answer.text;
  }
}

/** @type {(res: import('express').Response, answer: Answer) => unknown} text with its type, JSON, or no body */
function send(res, answer) {
  res.status(answer.status);
  if ('text' in answer) return res.type(answer.contentType ?? 'text/plain').send(answer.text);
  return answer.json === undefined ? res.end() : res.json(answer.json);
}

/**
 * The error handler after a router's routes: a body parser's 4xx (malformed JSON, too large) is
 * answered `Invalid request: <reason>`; anything else is logged and answered 500.
 * @param {import('./types').Logger} logger
 * @param {string} what the router, for the log line
 * @returns {import('express').ErrorRequestHandler}
 */
function requestErrorHandler(logger, what) {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- express knows an error handler by its 4 parameters
  return (error, _req, res, _next) => {
    const given = error.status;
    const status = typeof given === 'number' && Number.isInteger(given) && given >= 400 && given < 500 ? given : 500;
    if (status === 500) logger.warn(`Dev host: ${what} error: ${error.stack ?? error}`);
    res
      .status(status)
      .json({ message: status === 500 ? 'Internal error in the dev host.' : `Invalid request: ${error.message}` });
  };
}

module.exports = { isHttpError, clone, badRequest, notFound, fromHttpError, messageOf, send, requestErrorHandler };
