// @ts-check
/**
 * The reference backend's state files (docs/reference-backend.md): `DATA_DIR/state.json` of the
 * refunds (store.js) and `DATA_DIR/claims.json` of the uploads and claims (../claims.js). Each is
 * JSON with a `version`, written atomically, and read back only when its version is the one the
 * code writes.
 */
'use strict';

const { randomBytes } = require('crypto');
const fs = require('fs');

/**
 * Writes a file atomically: a temporary file in the same folder, then a rename over the target.
 *
 * @param {string} file
 * @param {string | Buffer} data
 */
function writeAtomic(file, data) {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temp, data);
  fs.renameSync(temp, file);
}

/**
 * Writes a state file atomically: `fields` with the `version`, as indented JSON.
 *
 * @param {string} file
 * @param {number} version
 * @param {Record<string, unknown>} fields
 */
function writeStateFile(file, version, fields) {
  writeAtomic(file, `${JSON.stringify({ version, ...fields }, null, 2)}\n`);
}

/**
 * Reads a state file written by {@link writeStateFile}. A missing file is no state; a file that
 * is not JSON, or of another version, is logged and ignored, so the backend starts from the
 * fixtures rather than from a state it cannot read.
 *
 * @param {string} file
 * @param {number} version the version the code writes
 * @param {import('./types').Logger} logger
 * @param {string} startingFrom what the backend starts from instead, for the warning (e.g. `the fixtures`)
 * @returns {Record<string, any> | null} the saved fields, or null
 */
function readStateFile(file, version, logger, startingFrom) {
  if (!fs.existsSync(file)) return null;
  try {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (saved?.version !== version) throw new Error(`unknown version ${saved?.version}`);
    return saved;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.warn(`Dev host: ignoring unreadable ${file} (${message}); starting ${startingFrom}.`);
    return null;
  }
}

module.exports = { writeAtomic, writeStateFile, readStateFile };
