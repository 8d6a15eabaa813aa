export { createLibphonenumberPhoneNumbers, type LibphonenumberPhoneNumbersOptions, type LibPhoneNumberMin } from './libphonenumber-phone-numbers.adapter';
