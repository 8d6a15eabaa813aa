import type { EmailSubmittedAction, ProductModule } from '../../widget.types';
import { interpretMagicLinkEffect, magicLinkEffectFailure } from './magic-link.effects';
import { enterMagicLink, magicLinkSnapshot, magicLinkTransition, resumeMagicLink } from './magic-link.machine';
import type { MagicLinkEffect, MagicLinkEvent, MagicLinkState, MagicLinkView } from './magic-link.types';
import { magicLinkView } from './magic-link.view';

/** The magic-link product, loaded when Main's e-mail form is first submitted. */
export const magicLinkModule: ProductModule<MagicLinkState, MagicLinkEvent, MagicLinkEffect, MagicLinkView, EmailSubmittedAction> = {
  id: 'magicLink',
  ports: ['magicLinks'],
  enter: enterMagicLink,
  transition: magicLinkTransition,
  interpret: interpretMagicLinkEffect,
  onEffectFailure: magicLinkEffectFailure,
  view: magicLinkView,
  snapshot: magicLinkSnapshot,
  resume: resumeMagicLink,
};
