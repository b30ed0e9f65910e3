/** Bench only: the disruption widget as a plain bundle with its own React (bench/webpack.plain.js). */
import { mount } from '../../widgets/disruption/mount';
import { mountPlain } from './mountPlain';

mountPlain('disruption', 'disruption-widget', mount);
