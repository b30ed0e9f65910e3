import { createMount } from '../../shared/mount/createMount';

export const mount = createMount('journeySummary', () => <p>Journey placeholder</p>);
