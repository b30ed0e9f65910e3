import { queryPairs, withQuery } from './url';

describe('withQuery', () => {
  it('adds encoded parameters to a bare path', () => {
    expect(
      withQuery('/x', [
        ['A', 'a b&c=d'],
        ['B', 'é+@'],
      ]),
    ).toBe('/x?A=a+b%26c%3Dd&B=%C3%A9%2B%40');
  });

  it('keeps the target query, replaces a parameter already there and drops a fragment', () => {
    expect(withQuery('/x?keep=1&A=old#top', [['A', 'new']])).toBe('/x?keep=1&A=new');
  });

  it('leaves a path alone when there is nothing to add', () => {
    expect(withQuery('/x#y', [])).toBe('/x');
  });
});

describe('queryPairs', () => {
  it('lists the pairs in order, decoded, dropping names in any letter case', () => {
    expect(
      queryPairs('?a=1&DisruptedOutwards=true&b=x%40y&disruptedinwards=false', [
        'disruptedOutwards',
        'disruptedInwards',
      ]),
    ).toEqual([
      ['a', '1'],
      ['b', 'x@y'],
    ]);
    expect(queryPairs('')).toEqual([]);
  });
});
