// @ts-check
// The reference backend's state files: versioned JSON, written atomically (docs/reference-backend.md "Code").
'use strict';

const { randomBytes } = require('crypto');
const fs = require('fs');

/** @type {(file: string, data: string | Buffer) => void} a temporary file beside it, renamed over it */
function writeAtomic(file, data) {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temp, data);
  fs.renameSync(temp, file);
}

/** @type {(file: string, version: number, fields: Record<string, unknown>) => void} as indented JSON */
function writeStateFile(file, version, fields) {
  writeAtomic(file, `${JSON.stringify({ version, ...fields }, null, 2)}\n`);
}

/**
 * Reads a state file; null when missing, or (logged: `startingFrom` instead) not JSON or of another version.
 * @type {(file: string, version: number, logger: import('./types').Logger, startingFrom: string) => Record<string, any> | null}
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
