export { createBrowserNavigation } from './browser-navigation.adapter';
export { createConsoleLogger } from './console-logger.adapter';
