import type { ProductModule, SlotAction } from '../../widget.types';
import type { OAuthSelection } from './oauth.slot';
import { interpretOAuthEffect, oauthEffectFailure } from './oauth.effects';
import { enterOAuth, oauthSnapshot, oauthTransition, resumeOAuth } from './oauth.machine';
import type { OAuthEffect, OAuthEvent, OAuthState, OAuthView } from './oauth.types';
import { oauthView } from './oauth.view';

/** The OAuth product, loaded when an OAuth button is first pressed. */
export const oauthModule: ProductModule<OAuthState, OAuthEvent, OAuthEffect, OAuthView, SlotAction<OAuthSelection>> = {
  id: 'oauth',
  enter: enterOAuth,
  transition: oauthTransition,
  interpret: interpretOAuthEffect,
  onEffectFailure: oauthEffectFailure,
  view: oauthView,
  snapshot: oauthSnapshot,
  resume: resumeOAuth,
};
