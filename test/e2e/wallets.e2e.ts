import { expect, test, type Page } from './fixtures';
import { installEthereumWallet, installSolanaWallet } from './injected-wallets';

// Issue 18: wallet sign-in end to end, with wallets injected into the page, each holding a real
// private key, and the sandbox verifying their signatures for real (secp256k1 personal_sign,
// ed25519). Google plus wallets on Main: four wallet buttons, then 'Continue with other wallet'.

const WALLETS = '/playground?products=oauth,crypto,emailMagicLinks&oauthProviders=google';

/** After the success screen, the signed-in home names the user by the wallet's shortened address. */
async function expectSignedInAs(page: Page, address: string) {
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByText('You have successfully connected your wallet.')).toBeVisible();
  await page.goto('/');
  await expect(page.getByText(`${address.slice(0, 6)}…${address.slice(-4)}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy address' })).toBeVisible();
}

async function expectSignedOut(page: Page) {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
}

test.describe('crypto wallets', () => {
  test('an EIP-1193 wallet announced through EIP-6963 signs in (the chosen one among several)', async ({ page }) => {
    await installEthereumWallet(page, { name: 'Rabby Wallet', rdns: 'io.rabby' });
    const metamask = await installEthereumWallet(page, { name: 'MetaMask', rdns: 'io.metamask' });
    await page.goto(WALLETS);
    await page.getByRole('button', { name: 'Continue with MetaMask' }).click();
    await expectSignedInAs(page, metamask.address);
  });

  test('the same wallet with a corrupted signature is refused: the error screen, nobody signed in', async ({ page }) => {
    await installEthereumWallet(page, { name: 'MetaMask', rdns: 'io.metamask', behaviour: 'corrupt' });
    await page.goto(WALLETS);
    await page.getByRole('button', { name: 'Continue with MetaMask' }).click();
    await expect(page.getByRole('heading', { name: 'Looks like there was an error!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expectSignedOut(page);
  });

  test('a declined signature leads to the error screen, and Try again signs in without a reload', async ({ page }) => {
    const wallet = await installEthereumWallet(page, { name: 'Coinbase Wallet', rdns: 'com.coinbase.wallet', behaviour: 'reject-once' });
    await page.goto(WALLETS);
    await page.getByRole('button', { name: 'Continue with Coinbase Wallet' }).click();
    await expect(page.getByRole('heading', { name: 'Looks like there was an error!' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('The request was declined in your wallet.');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expectSignedInAs(page, wallet.address);
  });

  test('a Phantom-style Solana wallet signs in', async ({ page }) => {
    const wallet = await installSolanaWallet(page);
    await page.goto(WALLETS);
    await page.getByRole('button', { name: 'Continue with Phantom' }).click();
    await expectSignedInAs(page, wallet.address);
  });

  test('with no wallet installed, the set-up screen links to four download pages', async ({ page }) => {
    await page.goto(WALLETS);
    await page.getByRole('button', { name: 'Continue with MetaMask' }).click();
    await expect(page.getByRole('heading', { name: 'Set up a new crypto wallet' })).toBeVisible();
    await expect(page.getByRole('list').getByRole('link')).toHaveText(['MetaMask · Ethereum wallet', 'Coinbase Wallet · Ethereum wallet', 'Binance Wallet · Ethereum wallet', 'Phantom · Multi-chain wallet']);
    await expect(page.getByRole('link', { name: /Phantom/ })).toHaveAttribute('href', 'https://phantom.com/download');
  });

  test("more wallets than Main has room for: the rest on 'Continue with other wallet', where an older-style wallet signs in", async ({ page }) => {
    const wallet = await installEthereumWallet(page, { name: 'Frame', rdns: 'sh.frame', announce: 'window.ethereum' });
    await page.goto(WALLETS);
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: /^Continue with / })).toHaveText([
      'Continue with Google',
      'Continue with MetaMask',
      'Continue with Phantom',
      'Continue with Coinbase Wallet',
      'Continue with Binance Wallet',
      'Continue with other wallet',
    ]);
    await page.getByRole('button', { name: 'Continue with other wallet' }).click();
    await expect(page.getByRole('heading', { name: 'Continue with other wallet' })).toBeVisible();
    await expect(page.getByRole('listitem')).toHaveText(['Continue with Vessel', 'Continue with another Ethereum wallet', 'Continue with another Solana wallet']);
    await page.getByRole('button', { name: 'Continue with another Ethereum wallet' }).click();
    await expectSignedInAs(page, wallet.address);
  });
});
