/** Bench only: the refund widget as a plain bundle with its own React (bench/webpack.plain.js). */
import { mount } from '../../widgets/refund/mount';
import { mountPlain } from './mountPlain';

mountPlain('refund', 'refund-widget', mount);
