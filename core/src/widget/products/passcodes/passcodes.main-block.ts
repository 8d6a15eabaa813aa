import { withRouter, type ProductMainBlock } from '../../product-catalogue';
import type { SlotAudience } from '../../main-slot.types';

/** A phone method is configured: Main shows the passcode tabs and phone form (SPEC §2). */
const offersPhone = (input: SlotAudience) => (input.config.otpOptions?.methods ?? []).some((method) => method !== 'email');

/**
 * The passcodes product's part of Main (first chunk): it takes Main's e-mail form for e-mail
 * codes when no other e-mail product does. Phone codes start from Main's phone form, its slot.
 */
export const passcodesMainBlock: ProductMainBlock = {
  id: 'passcodes',
  configProduct: 'otp',
  emailFormPriority: 30,
  takesEmailForm: (config) => config.otpOptions?.methods.includes('email') === true,
  // SPEC §5: 'Invalid email address.' for e-mail codes.
  emailContext: 'otp',
  load: () => withRouter(import('./passcodes.module').then((module) => module.passcodesModule)),
  slots: [{ id: 'phone-form', place: 'form', applies: offersPhone, load: () => import('./phone-form.slot').then((module) => module.phoneFormSlot) }],
};
