/**
 * @jest-environment-options {"timeZone": "Pacific/Auckland"}
 */
// London time on a phone in Pacific/Auckland (test/londonOnAPhone.ts).
import { describeLondonOnAPhone } from '../../test/londonOnAPhone';

describeLondonOnAPhone('Pacific/Auckland', -13 * 60);
