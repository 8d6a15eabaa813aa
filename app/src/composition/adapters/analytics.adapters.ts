// Product analytics: a chunk of its own, loaded once the page is interactive; posthog-js itself is
// one more chunk behind it (the adapter imports it on creation).
import { createNoAnalytics, createPosthogAnalytics } from '@vestibule/adapters/posthog';
import { analyticsHostFor } from '../analytics-hosts';
import type { AdapterModule } from '../ports.manifest';

type AnalyticsAdapters = AdapterModule<'analytics'>;

export const analytics: AnalyticsAdapters['analytics'] = ({ environment }) => {
  const settings = analyticsHostFor(import.meta.env, environment.origin);
  return settings === null ? createNoAnalytics() : createPosthogAnalytics(settings);
};
