// The passcodes product's adapters: a chunk of their own, loaded on the product's first port call.
import { createWebOtp } from '@vestibule/adapters/browser';
import { createLibphonenumberPhoneNumbers } from '@vestibule/adapters/phone';
import { createStytchPasscodesAdapter } from '@vestibule/adapters/stytch';
import type { WebOtpPort } from '@vestibule/core';
import type { AdapterModule } from '../ports.manifest';

type PasscodesAdapters = AdapterModule<'passcodes' | 'phoneNumbers' | 'webOtp'>;

/** WebOTP where the browser has none: nothing ever arrives (the visitor types the code). */
const NO_WEB_OTP: WebOtpPort = { listen: () => () => undefined };

export const passcodes: PasscodesAdapters['passcodes'] = ({ stytch }) => createStytchPasscodesAdapter(stytch);
// libphonenumber-js and its metadata load on the adapter's first call, a chunk of their own.
export const phoneNumbers: PasscodesAdapters['phoneNumbers'] = () => createLibphonenumberPhoneNumbers();
// Feature-detected, so the core always has a port.
export const webOtp: PasscodesAdapters['webOtp'] = () => createWebOtp() ?? NO_WEB_OTP;
