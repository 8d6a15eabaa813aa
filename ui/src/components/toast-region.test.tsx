import { createAuthCore, type AuthCore } from '@vestibule/core';
import { ENGLISH_CATALOGUES } from '@vestibule/core/english-catalogues';
import { createFakePorts } from '@vestibule/test/fakes';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtualTimeScheduler } from 'rxjs';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AuthCoreProvider } from '../provider';
import { reactModes } from '../test-utils';
import { ToastRegion } from './toast-region';

/** Moves virtual time on by `ms`, running what falls due (a no-op at the end moves the clock there). */
const advance = (scheduler: VirtualTimeScheduler, ms: number) =>
  act(() => {
    const frame = scheduler.now() + ms;
    scheduler.schedule(() => undefined, ms);
    scheduler.maxFrames = frame;
    scheduler.flush();
  });

describe.each(reactModes)('toasts on screen (%s)', (_mode, strict) => {
  const start = () => {
    const scheduler = new VirtualTimeScheduler();
    const core: AuthCore = createAuthCore(createFakePorts({ scheduler }), { origin: 'http://localhost:5173', preloadedMessages: { en: ENGLISH_CATALOGUES } });
    const ui = (
      <AuthCoreProvider core={core}>
        <button type="button">Elsewhere</button>
        <ToastRegion />
      </AuthCoreProvider>
    );
    render(strict ? <StrictMode>{ui}</StrictMode> : ui);
    return { scheduler, toasts: core.host.toasts };
  };

  it('announces success, blank and loading toasts politely and an error as an alert', async () => {
    const { toasts } = start();
    // The polite region is there before any toast, so its first change is announced.
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveAttribute('aria-atomic', 'false');
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => {
      toasts.show('success', { key: 'toast.emailResent' });
      toasts.show('blank', { text: 'Saved as draft' });
      toasts.show('loading', { text: 'Working' });
      toasts.show('error', { text: 'That did not work' });
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('That did not work');
    await waitFor(() => expect(status).toHaveTextContent('Email resent'));
    expect(status).toHaveTextContent('Saved as draft');
    expect(status).toHaveTextContent('Working');
    expect(status).not.toHaveTextContent('That did not work');
  });

  it('keeps a hovered toast past its 2000 ms, and lets it go with the time it had left once the pointer leaves', async () => {
    const { scheduler, toasts } = start();
    const user = userEvent.setup();
    act(() => void toasts.show('success', { key: 'toast.emailResent' }));
    const text = await screen.findByText('Email resent');
    await advance(scheduler, 500);
    await user.hover(text);
    await vi.dynamicImportSettled();
    await advance(scheduler, 5000);
    expect(screen.getByText('Email resent')).toBeInTheDocument();
    await user.unhover(text);
    await vi.dynamicImportSettled();
    await advance(scheduler, 1499);
    expect(screen.getByText('Email resent')).toBeInTheDocument();
    await advance(scheduler, 1);
    expect(screen.queryByText('Email resent')).toBeNull();
  });

  it('keeps an error toast while keyboard focus is in it, even after the pointer leaves, until focus moves away', async () => {
    const { scheduler, toasts } = start();
    const user = userEvent.setup();
    act(() => void toasts.show('error', { text: 'That did not work' }));
    const alert = await screen.findByRole('alert');
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toHaveFocus();
    await user.hover(alert);
    await user.unhover(alert);
    await vi.dynamicImportSettled();
    await advance(scheduler, 10_000);
    expect(screen.getByRole('alert')).toHaveTextContent('That did not work');
    // Focus leaves (Shift+Tab back to the page's own button): its whole 4000 ms are still ahead.
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    await vi.dynamicImportSettled();
    await advance(scheduler, 3999);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await advance(scheduler, 1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
