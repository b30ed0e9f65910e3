/** The shim's own share files as its webpack runtime names them (docs/performance.md "Shared libraries"). */
import { ownShares } from './ownShares';

describe('ownShares', () => {
  const runtime = {
    u: (id: string | number) => `host-shim/${id}.0a1b2c3d.js`,
    rwShares: { react: [558], 'react-dom/client': [272, 331] },
    rwSri: { j: { 558: `sha384-${'r'.repeat(64)}`, 272: `sha384-${'d'.repeat(64)}` } },
  };

  it("gives each share's files under the shim's base, with the integrity the runtime holds", () => {
    expect(ownShares('https://cdn.example.net/rw/', runtime)).toEqual({
      base: 'https://cdn.example.net/rw/',
      files: {
        react: ['host-shim/558.0a1b2c3d.js'],
        'react-dom/client': ['host-shim/272.0a1b2c3d.js', 'host-shim/331.0a1b2c3d.js'],
      },
      integrity: {
        'host-shim/558.0a1b2c3d.js': `sha384-${'r'.repeat(64)}`,
        'host-shim/272.0a1b2c3d.js': `sha384-${'d'.repeat(64)}`,
      },
    });
  });

  it('is undefined outside a build that records the shares (no runtime, or no table)', () => {
    expect(ownShares('https://cdn.example.net/rw/')).toBeUndefined();
    expect(ownShares('https://cdn.example.net/rw/', { ...runtime, rwShares: undefined })).toBeUndefined();
  });
});
