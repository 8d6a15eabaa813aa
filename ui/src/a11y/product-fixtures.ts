/// <reference types="vite/client" />
import type { ScreenFixture } from './screen-fixtures';

/**
 * Every product's screen fixtures, found by their file name: `SCREEN_FIXTURES` of each
 * `ui/src/widget/products/<name>/<name>.fixtures.tsx`. So a new product's screens are checked
 * (axe-core, the pseudo-locale) without a line changed in the tests.
 */
export const PRODUCT_FIXTURES: readonly ScreenFixture[] = Object.values(
  import.meta.glob<readonly ScreenFixture[]>('../widget/products/*/*.fixtures.tsx', { eager: true, import: 'SCREEN_FIXTURES' }),
).flat();
