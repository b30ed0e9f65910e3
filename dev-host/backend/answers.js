// @ts-check
/**
 * The reference backend's answers (docs/reference-backend.md): the shape every handler returns, its
 * helpers, and `send`, which writes one to an express response.
 */
'use strict';

/** @typedef {import('./types').Answer} Answer */
/** @typedef {import('./types').HttpError} HttpError */

/**
 * Tells whether a fixture value is a planned HTTP failure (`{ httpError }`).
 *
 * @param {unknown} value a fixture's status, dry run or lookup answer
 * @returns {value is HttpError}
 */
function isHttpError(value) {
  return value !== null && typeof value === 'object' && 'httpError' in value;
}

/**
 * A deep copy of a JSON value, so an answer never shares objects with the fixtures.
 *
 * @template T
 * @param {T} value
 * @returns {T}
 */
function clone(value) {
  return JSON.parse(JSON.stringify(value));
}

/**
 * A 400 answer with a message.
 *
 * @param {string} message
 * @returns {{ status: number, json: { message: string } }}
 */
function badRequest(message) {
  return { status: 400, json: { message } };
}

/**
 * The 404 answer of an unknown booking reference (plain text naming at most 40 characters of it).
 *
 * @param {unknown} reference
 * @returns {Answer}
 */
function notFound(reference) {
  return {
    status: 404,
    text: `No booking with reference ${String(reference ?? '').slice(0, 40)}`,
    contentType: 'text/plain',
  };
}

/**
 * The answer a fixture's planned failure gives: its status, body and content type (plain text by default).
 *
 * @param {HttpError['httpError']} httpError
 * @returns {Answer}
 */
function fromHttpError({ status, body, contentType }) {
  return { status, text: String(body ?? ''), contentType: contentType ?? 'text/plain' };
}

/**
 * The message of an answer: its JSON `message`, else its text (or the text's JSON `message`).
 *
 * @param {Answer} answer
 * @returns {string}
 */
function messageOf(answer) {
  if ('json' in answer) {
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

/**
 * Sends an answer: JSON, or text with its content type.
 *
 * @param {import('express').Response} res
 * @param {Answer} answer
 */
function send(res, answer) {
  res.status(answer.status);
  if ('json' in answer) return res.json(answer.json);
  return res.type(answer.contentType ?? 'text/plain').send(answer.text);
}

/**
 * The error handler a router puts after its routes: a request its body parser refused (malformed
 * JSON, a body too large: a 4xx error) is answered with that status and `Invalid request:
 * <reason>`; any other error is logged and answered 500 without its details.
 *
 * @param {import('./types').Logger} logger
 * @param {string} what the router, for the log line (`backend`, `claims`)
 * @returns {import('express').ErrorRequestHandler}
 */
function requestErrorHandler(logger, what) {
  /**
   * @param {{ status?: number, stack?: string, message?: string }} error
   * @param {import('express').Request} _req
   * @param {import('express').Response} res
   * @param {import('express').NextFunction} _next
   */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
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
