/** Navigation URLs built with URLSearchParams (docs/decisions.md "Navigation"). */

/** `target` with `params` set in its query (names exact, replacing), without its fragment. */
export function withQuery(target: string, params: [string, string][]): string {
  const withoutHash = target.split('#')[0];
  const index = withoutHash.indexOf('?');
  const path = index === -1 ? withoutHash : withoutHash.slice(0, index);
  const search = new URLSearchParams(index === -1 ? '' : withoutHash.slice(index + 1));
  for (const [name, value] of params) search.set(name, value);
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** A query's name/value pairs in order, without those named in `drop` (any letter case, as ASP.NET). */
export function queryPairs(search: string, drop: string[] = []): [string, string][] {
  const dropped = new Set(drop.map((name) => name.toLowerCase()));
  return [...new URLSearchParams(search.replace(/^\?/, ''))].filter(([name]) => !dropped.has(name.toLowerCase()));
}
