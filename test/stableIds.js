/**
 * Jest snapshot serializer: React's `useId` values (`_r_2u_`, `«r1»`, `:r1:`) depend on how many
 * components rendered before in the same test file, so a snapshot of `innerHTML` would change
 * whenever a test is added above it. Strings are printed with each distinct id replaced by
 * `_id0_`, `_id1_`, … in order of first appearance, so snapshots only change when markup does.
 */
const REACT_ID = /_r_[0-9a-z]+_|«r[0-9a-z]+»|:r[0-9a-z]+:/g;

module.exports = {
  test(value) {
    return typeof value === 'string' && /_r_[0-9a-z]+_|«r[0-9a-z]+»|:r[0-9a-z]+:/.test(value);
  },
  serialize(value, config, indentation, depth, refs, printer) {
    const seen = new Map();
    const stable = value.replace(REACT_ID, (id) => {
      if (!seen.has(id)) seen.set(id, `_id${seen.size}_`);
      return seen.get(id);
    });
    return printer(stable, config, indentation, depth, refs);
  },
};
