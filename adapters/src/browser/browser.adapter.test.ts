import { describe, expect, it, vi } from 'vitest';
import { createBrowserNavigation } from './browser-navigation.adapter';
import { createConsoleLogger } from './console-logger.adapter';

describe('browser adapters', () => {
  it('navigates by assigning the location', () => {
    const assign = vi.fn();
    createBrowserNavigation({ assign }).navigate('/orders');
    expect(assign).toHaveBeenCalledWith('/orders');
  });

  it('logs errors with a recognisable prefix', () => {
    const error = vi.fn();
    createConsoleLogger({ error }).error('The onError callback threw', 'boom');
    expect(error).toHaveBeenCalledWith('[vestibule] The onError callback threw', 'boom');
  });
});
