import { createLibphonenumberPhoneNumbers } from '@vestibule/adapters/phone';
import { FakePhoneNumbers } from '../src/fakes';
import { describePhoneNumbersContract } from './phone-numbers.contract';

describePhoneNumbersContract('fake', () => new FakePhoneNumbers());
describePhoneNumbersContract('libphonenumber-js (min metadata)', () => createLibphonenumberPhoneNumbers());
