/**
 * A wallet address as the signed-in home shows it: `0x6a5e…0a1b`, the start and end a person
 * compares with what their wallet shows (the full address stays there to copy and for screen
 * readers).
 */
export function shortWalletAddress(address: string): string {
  return address.length <= 13 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}
