/**
 * Headers the production preview sends on every page (ARCHITECTURE.md §7). The CSP allows no
 * inline script or style; Stytch's API hosts are listed for when a real public token is used.
 */
export declare const CONTENT_SECURITY_POLICY: string;
export declare const SECURITY_HEADERS: Readonly<Record<string, string>>;
