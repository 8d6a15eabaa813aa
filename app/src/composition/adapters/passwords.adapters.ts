// The passwords product's adapters: a chunk of their own, loaded on the product's first port call.
import { createZxcvbnEstimator } from '@vestibule/adapters/password-strength';
import { createStytchPasswordsAdapter } from '@vestibule/adapters/stytch';
import type { AdapterModule } from '../ports.manifest';

type PasswordsAdapters = AdapterModule<'passwords' | 'passwordStrength'>;

export const passwords: PasswordsAdapters['passwords'] = ({ stytch }) => createStytchPasswordsAdapter(stytch);
// The estimator's zxcvbn worker loads on its first estimate, later still.
export const passwordStrength: PasswordsAdapters['passwordStrength'] = () => createZxcvbnEstimator();
