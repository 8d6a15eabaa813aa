import type { ProductModule } from '../../widget.types';
import { passkeysEffectFailure, interpretPasskeysEffect } from './passkeys.effects';
import { enterPasskeys, passkeysSnapshot, passkeysTransition, resumePasskeys } from './passkeys.machine';
import type { PasskeysEffect, PasskeysEvent, PasskeysState, PasskeysView } from './passkeys.types';
import { passkeysView } from './passkeys.view';

/** The passkeys product, loaded when the passkey button is first pressed (or an autofill signed in). */
export const passkeysModule: ProductModule<PasskeysState, PasskeysEvent, PasskeysEffect, PasskeysView> = {
  id: 'passkeys',
  enter: enterPasskeys,
  transition: passkeysTransition,
  interpret: interpretPasskeysEffect,
  onEffectFailure: passkeysEffectFailure,
  view: passkeysView,
  snapshot: passkeysSnapshot,
  resume: resumePasskeys,
};
