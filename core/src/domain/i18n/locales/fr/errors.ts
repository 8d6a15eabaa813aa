import type { NamespaceMessages } from '../../namespaces';

/** French, namespace `errors`. */
const messages = {
  'error.invalid_email': 'Le format de l’adresse e-mail n’est pas valide.',
  'error.invalid_phone_number': 'Le format du numéro de téléphone n’est pas valide. Utilisez le format E.164.',
  'error.unsubscribed_phone_number':
    'Ce numéro s’est désabonné de nos messages. Envoyez START à ce numéro pour vous réabonner, puis réessayez.',
  'error.inactive_email': 'Cette adresse e-mail est inactive. Utilisez une autre adresse.',
  'error.unauthorized_credentials': 'Les identifiants saisis ne sont pas valides. Réessayez.',
  'error.user_unauthenticated': 'Vous n’êtes pas connecté. Connectez-vous puis réessayez.',
  'error.email_not_found': 'Aucun compte ne correspond à cette adresse e-mail.',
  'error.unable_to_auth_magic_link': 'Ce lien a déjà été utilisé ou a expiré. Réessayez.',
  'error.no_user_password': 'Ce compte n’a pas encore de mot de passe. Connectez-vous sans mot de passe ou réinitialisez-le.',
  'error.breached_password': 'Ce mot de passe figure dans une fuite de données et doit être réinitialisé.',
  'error.reset_password': 'Ce mot de passe doit être réinitialisé. Consultez vos e-mails pour en choisir un nouveau.',
  'error.oauth_token_not_found': 'Cette connexion n’a pas pu aboutir. Réessayez.',
  'error.invalid_code': 'Le format du code n’est pas valide, réessayez.',
  'error.member_password_not_found': 'Aucun mot de passe n’est défini pour ce compte.',
  'error.oauth_flow_callback_error': 'La connexion avec votre fournisseur a échoué. Réessayez.',
  'error.unauthorized_action': 'Vous n’êtes pas autorisé à faire cela.',
  'error.user_lock_limit_reached': 'Trop de tentatives d’authentification échouées. Réessayez plus tard.',
  'error.invalid_session_token': 'Votre session n’est plus valide. Reconnectez-vous.',
  'error.session_not_found': 'Votre session est terminée. Reconnectez-vous.',
  'error.invalid_phone_number_country_code': 'L’indicatif pays de ce numéro n’est pas valide.',
  'error.otp_code_not_found': 'Code incorrect, réessayez.',
  'error.duplicate_member_phone_number': 'Ce numéro de téléphone est déjà utilisé.',
  'error.webauthn_registration_not_found': "Clé d’accès introuvable. Vous l’avez peut-être supprimée de votre compte mais pas de votre gestionnaire de mots de passe. Veuillez réessayer.",
  'error.duplicate_webauthn_registration': "La clé d’accès ne peut pas être créée : elle semble déjà enregistrée. Elle a peut-être été enregistrée sur un autre appareil puis synchronisée.",
  'error.network_unreachable': 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.',
  'error.timeout': 'Le serveur met trop de temps à répondre. Réessayez.',
  'error.too_many_requests': 'Trop de tentatives. Patientez un instant puis réessayez.',
  'error.server_error': 'Un problème est survenu de notre côté. Réessayez dans un instant.',
  'error.invalid_response': 'Le serveur a envoyé une réponse illisible. Réessayez.',
  'error.missing_token': 'Ce lien est incomplet. Ouvrez à nouveau le lien reçu par e-mail.',
  'error.passkey_cancelled': 'La demande de clé d’accès a été annulée.',
  'error.unbound_session_token': "Cette connexion n'a pas commencé dans cet onglet : elle n'a pas été utilisée. Connectez-vous ici.",
  'error.unexpected': 'Un problème est survenu. Réessayez.',
  'error.oauthNotCompleted': 'La connexion avec {provider} n’a pas abouti. Vous pouvez réessayer.',
  'error.oauthCancelled': 'La connexion avec {provider} a été annulée. Vous pouvez réessayer.',
  'error.oauthDidNotOpen': 'La page de connexion {provider} ne s’est pas ouverte. Vérifiez votre connexion et réessayez.',
} as const satisfies NamespaceMessages<'errors'>;

export default messages;
