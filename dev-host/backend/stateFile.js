// @ts-check
// The reference backend's state files: versioned JSON, written atomically (docs/reference-backend.md "Code").
'use strict';

const { randomBytes } = require('crypto');
const fs = require('fs');

/**
 * Writes a file atomically: a temporary file beside it, renamed over it.
 * @param {string} file
 * @param {string | Buffer} data
 */
function writeAtomic(file, data) {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temp, data);
  fs.renameSync(temp, file);
}

/**
 * Writes `fields` with the `version` as indented JSON, atomically.
 * @param {string} file
 * @param {number} version
 * @param {Record<string, unknown>} fields
 */
function writeStateFile(file, version, fields) {
  writeAtomic(file, `${JSON.stringify({ version, ...fields }, null, 2)}\n`);
}

/**
 * Reads a state file; null when missing, or (logged) not JSON or of another version.
 * @param {string} file
 * @param {number} version
 * @param {import('./types').Logger} logger
 * @param {string} startingFrom for the warning, e.g. `from the fixtures`
 * @returns {Record<string, any> | null}
 */
function readStateFile(file, version, logger, startingFrom) {
  if (!fs.existsSync(file)) return null;
  try {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (saved?.version !== version) throw new Error(`unknown version ${saved?.version}`);
    return saved;
  } catch (error) {
    const { message } = /** @type {Error} */ (error);
    logger.warn(`Dev host: ignoring unreadable ${file} (${message}); starting ${startingFrom}.`);
    return null;
  }
}

module.exports = { writeAtomic, writeStateFile, readStateFile };
