import { expect, requestLoginLink, seedUser, test } from './fixtures';

// Issue 16 §2: a right-to-left override in the signed-in user's address made the home page show
// another address ('supportmoc.liamg@example.com'). The address is the provider's, not typed here.

const HOSTILE_EMAIL = 'support\u202emoc.elpmaxe@gmail.com';
const SHOWN = 'support[U+202E]moc.elpmaxe@gmail.com';
const ANY_BIDI_CONTROL = /\p{Bidi_Control}/u;
/** The provider's answers that carry the signed-in user. */
const USER_ANSWERS = /\/__sandbox\/stytch\/sdk\/v1\/(magic_links\/authenticate|sessions\/authenticate|users\/me)(\?.*)?$/;

test('the signed-in home shows a provider address with a right-to-left override as a mark, in logical order', async ({ page, request, sandbox, pageProblems }) => {
  // The sandbox refuses such an address (core's isValidEmail, as the client does), and the
  // control API with it; Stytch need not. So the user is an ordinary one, and the provider's
  // answers about them are rewritten on the way to the page.
  await seedUser(request, { email: 'bidi@example.com' });
  expect((await request.post('/__sandbox/api/users', { data: { email: HOSTILE_EMAIL } })).status()).toBe(400);
  await page.route(USER_ANSWERS, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: (await response.text()).replaceAll('bidi@example.com', HOSTILE_EMAIL) });
  });

  await page.goto('/login');
  await requestLoginLink(page, 'bidi@example.com');
  await page.goto(await sandbox.latestLinkTo('bidi@example.com'), { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/$/);
  const signedInAs = page.getByText(/^Signed in as /);
  await expect(signedInAs).toHaveText(`Signed in as ${SHOWN}`);
  expect(await signedInAs.textContent()).not.toMatch(ANY_BIDI_CONTROL);
  // Still isolated from the sentence (the outermost <bdi> holds the address and nothing else).
  await expect(signedInAs.locator('bdi').first()).toHaveText(SHOWN);

  // The same after a reload, where the address comes from the session check alone.
  await page.reload();
  await expect(page.getByText(/^Signed in as /)).toHaveText(`Signed in as ${SHOWN}`);
  expect(pageProblems).toEqual([]);
});
