/** Bench only: the journeySummary widget as a plain bundle with its own React (bench/webpack.plain.js). */
import { mount } from '../../widgets/journey-summary/mount';
import { mountPlain } from './mountPlain';

mountPlain('journeySummary', 'journey-summary-widget', mount);
