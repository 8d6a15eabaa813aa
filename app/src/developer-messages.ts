/**
 * Whether pages show configuration errors' developer messages in the widget (SPEC §8, issue 16
 * §10): in development, and whenever the app runs on the sandbox (no Stytch public token), never in
 * a build for a real project.
 */
export const SHOW_DEVELOPER_MESSAGES = import.meta.env.DEV || !import.meta.env.VITE_STYTCH_PUBLIC_TOKEN?.trim();
