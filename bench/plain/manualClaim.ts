/** Bench only: the manualClaim widget as a plain bundle with its own React (bench/webpack.plain.js). */
import { mount } from '../../widgets/manual-claim/mount';
import { mountPlain } from './mountPlain';

mountPlain('manualClaim', 'manual-claim-widget', mount);
