/** A link that opens a webmail inbox, ideally already searching for the sign-in e-mail. */
export interface MailShortcut {
  readonly provider: 'gmail' | 'yahoo' | 'outlook';
  readonly href: string;
}

// A sender domain is interpolated into third-party URLs: accept hostnames only.
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

/**
 * SPEC §2 E-mail confirmation: Gmail, Yahoo and Outlook links, narrowed to mail from the
 * sender's domain when it is known (the provider's configured e-mail domains).
 */
export function mailShortcuts(senderDomain: string | null): MailShortcut[] {
  const domain = senderDomain !== null && HOSTNAME.test(senderDomain) ? senderDomain.toLowerCase() : null;
  if (domain === null) {
    return [
      { provider: 'gmail', href: 'https://mail.google.com/mail/u/0/#inbox' },
      { provider: 'yahoo', href: 'https://mail.yahoo.com/' },
      { provider: 'outlook', href: 'https://outlook.live.com/mail/0/inbox' },
    ];
  }
  const query = encodeURIComponent(`from:${domain}`);
  return [
    { provider: 'gmail', href: `https://mail.google.com/mail/u/0/#search/${encodeURIComponent(`from:(${domain}) in:anywhere`)}` },
    { provider: 'yahoo', href: `https://mail.yahoo.com/d/search/keyword=${query}` },
    { provider: 'outlook', href: `https://outlook.live.com/mail/0/inbox/search?q=${query}` },
  ];
}
