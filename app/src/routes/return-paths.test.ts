import { describe, expect, it, vi } from 'vitest';
import { loginPath, takeCallbackCredentials } from './return-paths';

describe('return paths', () => {
  it('carries redirect and source back to /login', () => {
    expect(loginPath({ redirect: '/orders?id=7', source: 'web' })).toBe('/login?redirect=%2Forders%3Fid%3D7&source=web');
    expect(loginPath({ redirect: null, source: null })).toBe('/login');
  });

  it('takes the token out of the address bar before anything else uses it', () => {
    const replaceState = vi.fn();
    const taken = takeCallbackCredentials(
      { pathname: '/login/callback', search: '?redirect=%2Forders&stytch_token_type=magic_links&token=secret&source=web', hash: '' },
      { replaceState },
    );
    expect(taken).toEqual({ token: 'secret', tokenType: 'magic_links', remainingSearch: 'redirect=%2Forders&source=web' });
    expect(replaceState).toHaveBeenCalledWith(null, '', '/login/callback?redirect=%2Forders&source=web');
  });

  it('leaves a URL without credentials alone', () => {
    const replaceState = vi.fn();
    takeCallbackCredentials({ pathname: '/login/callback', search: '?redirect=%2F', hash: '' }, { replaceState });
    expect(replaceState).not.toHaveBeenCalled();
  });
});
