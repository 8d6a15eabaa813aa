/** SPEC §4/§9: a success screen shows for 2 seconds before the page moves on. */
export const COMPLETION_DELAY_MS = 2000;
