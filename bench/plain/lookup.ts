/** Bench only: the lookup widget as a plain bundle with its own React (bench/webpack.plain.js). */
import { mount } from '../../widgets/lookup/mount';
import { mountPlain } from './mountPlain';

mountPlain('lookup', 'lookup-widget', mount);
