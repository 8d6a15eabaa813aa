import { ALL_PRODUCTS, providerError, type SafePath } from '@vestibule/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reactModes, setup } from '../test-utils';
import { LoginWidget } from './login-widget';

// SPEC §5 (issue 16, item 6): a strength check that could not run keeps Continue disabled — for
// 'abc' as for any password — says so under the field, and offers 'Check again'.

const SCREEN_LOAD = { timeout: 5000 };
const returnContext = { redirect: '/orders' as SafePath, source: 'web' } as const;

describe.each(reactModes)('password creation when the strength check fails (%s)', (_mode, strict) => {
  it("keeps Continue disabled for 'abc', says the check could not run, and 'Check again' asks again", async () => {
    const { ports, renderUi } = setup(strict);
    renderUi(<LoginWidget products={ALL_PRODUCTS} flowKey="login" config={{ products: ['passwords'] }} returnContext={returnContext} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'new.user@example.com{Enter}');
    const password = await screen.findByLabelText('Password', { exact: true }, SCREEN_LOAD);

    ports.passwords.strengthChecks.failNext(providerError('internal_server_error', { status: 500, serverMessage: 'Oops.' }));
    await user.type(password, 'abc');
    const form = password.closest('form')!;
    const checkAgain = await within(form).findByRole('button', { name: 'Check again' }, SCREEN_LOAD);
    expect(password).toHaveAccessibleDescription(/We could not check the strength of this password\. Something went wrong on our side/);
    const submit = within(form).getByRole('button', { name: 'Continue' });
    expect(submit).toBeDisabled();
    // Enter in the field creates nothing either.
    await user.type(password, '{Enter}');
    expect(ports.passwords.accounts.size).toBe(0);

    // The check runs again and answers ('abc' is weak): the message goes, Continue stays disabled.
    await user.click(checkAgain);
    await waitFor(() => expect(within(form).queryByRole('button', { name: 'Check again' })).not.toBeInTheDocument(), SCREEN_LOAD);
    expect(ports.passwords.checkedPasswords.filter((checked) => checked === 'abc')).toHaveLength(2);
    expect(password).not.toHaveAccessibleDescription(/could not check/);
    expect(submit).toBeDisabled();
  });
});
