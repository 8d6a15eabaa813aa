import type { OAuthView } from './oauth.types';

/** OAuth has no screen of its own: Main shows the pressed button busy. */
export const oauthView = (): OAuthView => ({ screen: null });
