import type { EmailSubmittedAction, ProductModule, SlotAction } from '../../widget.types';
import type { PhoneCodeSent } from './phone-form.machine';
import { interpretPasscodesEffect, passcodesEffectFailure } from './passcodes.effects';
import { enterPasscodes, passcodesSnapshot, passcodesTransition, resumePasscodes } from './passcodes.machine';
import type { PasscodesEffect, PasscodesEvent, PasscodesState, PasscodesView } from './passcodes.types';
import { passcodesView } from './passcodes.view';

/** The passcodes product, loaded when a code is first sent (or about to be, for e-mail). */
export const passcodesModule: ProductModule<PasscodesState, PasscodesEvent, PasscodesEffect, PasscodesView, EmailSubmittedAction | SlotAction<PhoneCodeSent>> = {
  id: 'passcodes',
  ports: ['passcodes'],
  enter: enterPasscodes,
  transition: passcodesTransition,
  interpret: interpretPasscodesEffect,
  onEffectFailure: passcodesEffectFailure,
  view: passcodesView,
  snapshot: passcodesSnapshot,
  resume: resumePasscodes,
};
