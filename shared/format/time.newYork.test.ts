/**
 * @jest-environment-options {"timeZone": "America/New_York"}
 */
// London time on a phone in America/New_York (test/londonOnAPhone.ts).
import { describeLondonOnAPhone } from '../../test/londonOnAPhone';

describeLondonOnAPhone('America/New_York', 5 * 60);
