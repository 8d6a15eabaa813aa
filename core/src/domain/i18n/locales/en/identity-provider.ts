/**
 * English, namespace `identity-provider`: the OAuth consent and logout pages (SPEC §2, §5, §6,
 * §8). SPEC's strings are verbatim. `{clientName}` and `{projectName}` are the client's and the
 * project's own text, shown isolated.
 */
const messages = {
  'idp.signInTitle': 'Sign in to {clientName} with {projectName}',
  'idp.accessTitle': '{clientName} wants to access your {projectName} account',
  'idp.accessTitleCustom': '{clientName} wants to access your account',
  'idp.allowTo': 'Allow {clientName} to:',
  'idp.allow': 'Allow',
  'idp.deny': 'Deny',
  'idp.ungrantableIntro': 'You do not have permissions to grant {clientName} access to some of the requested scopes',
  'idp.ungrantableList': "You cannot grant {clientName}'s request to:",
  'idp.denied': 'Access to the application was denied.',
  'idp.granted': 'Access granted. You can return to {clientName}.',
  'idp.redirecting': 'Taking you back to {clientName}…',
  'idp.loading': 'Checking your request…',
  'idp.errorTitle': 'Looks like there was an error!',
  'idp.noSession': 'No active session detected. Please log in to continue.',
  'idp.logIn': 'Log in',
  'idp.missingParam': 'Required parameter is missing: {param}. Please reach out to the application developer.',
  'idp.repeatedParam': 'The parameter {param} is given more than once. Please reach out to the application developer.',
  'idp.longParam': 'The parameter {param} is too long. Please reach out to the application developer.',
  'idp.badRedirect': 'The parameter {param} is not a web address this page can return to. Please reach out to the application developer.',
  'idp.retry': 'Try again',
  'idp.logoutTitle': 'Log out?',
  'idp.logoutText': 'Are you sure you want to log out of your {projectName} account?',
  'idp.yes': 'Yes',
  'idp.no': 'No',
  'idp.notLoggedOut': 'You have not been logged out. You may close this page.',
  'idp.loggingOut': 'Logging you out…',
  'idp.scope.openid': 'Confirm who you are',
  'idp.scope.profile': 'See your name and profile',
  'idp.scope.email': 'See your email address',
  'idp.scope.phone': 'See your phone number',
  'idp.scope.full_access': 'Act on your behalf with full access to your account',
  'idp.scope.offline_access': 'Stay signed in when you are not using it',
  'idp.defaultClientName': 'The App',
} as const;

export default messages;
