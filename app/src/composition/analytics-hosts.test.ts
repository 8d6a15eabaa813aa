import { describe, expect, it } from 'vitest';
import { analyticsHostFor, analyticsHosts, SANDBOX_POSTHOG_KEY } from './analytics-hosts';

const DEPLOYED = {
  VITE_PRODUCTION_HOST: 'shop.example',
  VITE_POSTHOG_PRODUCTION_KEY: 'phc_live',
  VITE_POSTHOG_PRODUCTION_API_HOST: 'https://eu.i.posthog.com',
  VITE_STAGING_HOST: 'Staging.Shop.Example',
  VITE_POSTHOG_STAGING_KEY: 'phc_staging',
};

describe('analytics per host (SPEC §1)', () => {
  it('knows the production and staging hosts from the build, each with its key and ingestion host', () => {
    expect(analyticsHostFor(DEPLOYED, 'https://shop.example')).toEqual({ projectKey: 'phc_live', apiHost: 'https://eu.i.posthog.com', local: false });
    expect(analyticsHostFor(DEPLOYED, 'https://staging.shop.example')).toEqual({ projectKey: 'phc_staging', apiHost: 'https://us.i.posthog.com', local: false });
  });

  it("sends local hosts to the sandbox's sink on their own origin", () => {
    for (const origin of ['http://localhost:6500', 'http://127.0.0.1:5173', 'http://[::1]:4173']) {
      expect(analyticsHostFor({}, origin)).toEqual({ projectKey: SANDBOX_POSTHOG_KEY, apiHost: `${origin}/__sandbox/posthog`, local: true });
    }
  });

  it('sends nothing from a host not in the table, or one configured without a key', () => {
    expect(analyticsHostFor(DEPLOYED, 'https://elsewhere.example')).toBeNull();
    expect(analyticsHostFor({ VITE_PRODUCTION_HOST: 'shop.example' }, 'https://shop.example')).toBeNull();
    expect([...analyticsHosts({}, 'http://localhost').keys()]).toEqual(['localhost', '127.0.0.1', '[::1]']);
  });
});
