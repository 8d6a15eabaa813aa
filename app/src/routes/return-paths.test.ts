import type { SafePath } from '@vestibule/core';
import { describe, expect, it, vi } from 'vitest';
import { loginPath } from './login-path';
import { takeCredentials } from './return-paths';

describe('return paths', () => {
  it('carries redirect and source back to /login', () => {
    expect(loginPath({ redirect: '/orders?id=7' as SafePath, source: 'web' })).toBe('/login?redirect=%2Forders%3Fid%3D7&source=web');
    expect(loginPath({ redirect: null, source: null })).toBe('/login');
  });

  it('takes the token out of the address bar before anything else uses it', () => {
    const replaceState = vi.fn();
    const taken = takeCredentials(
      { pathname: '/login/callback', search: '?redirect=%2Forders&stytch_token_type=magic_links&token=secret&source=web', hash: '' },
      { replaceState },
    );
    expect(taken).toEqual({ token: 'secret', tokenType: 'magic_links', sessionToken: null, remainingSearch: 'redirect=%2Forders&source=web' });
    expect(replaceState).toHaveBeenCalledWith(null, '', '/login/callback?redirect=%2Forders&source=web');
  });

  it('takes credentials out on any route, session tokens included', () => {
    const replaceState = vi.fn();
    takeCredentials({ pathname: '/', search: '?session_token=abc&session_jwt=def&x=1', hash: '#top' }, { replaceState });
    expect(replaceState).toHaveBeenCalledWith(null, '', '/?x=1#top');
  });

  it('leaves a URL without credentials alone', () => {
    const replaceState = vi.fn();
    takeCredentials({ pathname: '/login/callback', search: '?redirect=%2F', hash: '' }, { replaceState });
    expect(replaceState).not.toHaveBeenCalled();
  });
});
