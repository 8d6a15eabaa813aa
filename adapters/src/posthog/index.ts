export { createNoAnalytics, createPosthogAnalytics, IDENTIFIED_CAPTURE, posthogConfig, type PosthogAnalyticsOptions, type PosthogClient, type PosthogHostSettings } from './posthog-analytics.adapter';
