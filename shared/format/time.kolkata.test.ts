/**
 * @jest-environment-options {"timeZone": "Asia/Kolkata"}
 */
// London time on a phone in Asia/Kolkata (test/londonOnAPhone.ts).
import { describeLondonOnAPhone } from '../../test/londonOnAPhone';

describeLondonOnAPhone('Asia/Kolkata', -(5 * 60 + 30));
