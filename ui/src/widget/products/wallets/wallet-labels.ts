import type { MessageKey, Translator, WalletOptionId } from '@vestibule/core';

/** Wallet names as their makers write them (not translated); the generic options are worded per locale. */
const BRANDS: Partial<Record<WalletOptionId, string>> = { metamask: 'MetaMask', phantom: 'Phantom', coinbase: 'Coinbase Wallet', binance: 'Binance Wallet', vessel: 'Vessel' };
const GENERIC: Partial<Record<WalletOptionId, MessageKey>> = { otherEthereum: 'wallets.continueWithOtherEthereum', otherSolana: 'wallets.continueWithOtherSolana' };

/** A wallet button's label: 'Continue with MetaMask', 'Continue with another Solana wallet'. */
export function continueWithWallet(i18n: Pick<Translator, 't'>, option: WalletOptionId): string {
  const generic = GENERIC[option];
  return generic === undefined ? i18n.t('wallets.continueWith', { wallet: BRANDS[option] ?? option }) : i18n.t(generic);
}
