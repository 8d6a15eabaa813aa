export {
  createGoogleIdentity,
  toPromptMoment,
  GOOGLE_IDENTITY_SCRIPT_URL,
  type GoogleAccountsId,
  type GoogleIdentityOptions,
  type GoogleIdentityWindow,
  type GooglePromptNotification,
} from './google-identity.adapter';
