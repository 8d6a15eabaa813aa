// Flat ESLint config. Besides ordinary hygiene it enforces the dependency rule of
// ARCHITECTURE.md §1, so a wrong import fails `pnpm lint` instead of relying on review.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const vendorSdks = ['@stytch/*', 'posthog-js', 'posthog-js/*', 'libphonenumber-js', 'libphonenumber-js/*', 'zxcvbn', 'zxcvbn/*', 'msw', 'msw/*'];
const deepWorkspaceImports = { group: ['@vestibule/*/src/*', '@vestibule/*/src'], message: 'Import other packages through their public entry (exports map).' };
const coreImportPatterns = [
  deepWorkspaceImports,
  {
    group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'inversify', 'inversify/*', 'reflect-metadata', ...vendorSdks],
    message: 'core is framework-free: only rxjs may be imported (ARCHITECTURE.md §1).',
  },
  { group: ['@vestibule/adapters', '@vestibule/adapters/*', '@vestibule/ui', '@vestibule/ui/*', '@vestibule/app', '@vestibule/test', '@vestibule/test/*'], message: 'core depends on no other package.' },
];
const uiImportPatterns = [
  deepWorkspaceImports,
  { group: ['@vestibule/adapters', '@vestibule/adapters/*', 'inversify', 'reflect-metadata', '@vestibule/app', ...vendorSdks], message: 'ui reads core stores only: no adapters, vendor SDKs or inversify (ARCHITECTURE.md §1).' },
];
/** From `…/products/<name>/<file>`, `../<other>/…` is another product's folder (shared code is two levels up). */
const otherProduct = { regex: '^\\.\\./[^./]', message: 'A product never imports another product: hand off through the router (ARCHITECTURE.md §2).' };

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.tsbuild/**', '**/.tsbuild-node/**', 'reports/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [deepWorkspaceImports] }],
    },
  },
  {
    files: ['core/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': ['error', { patterns: coreImportPatterns }],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'fetch', 'location', 'history', 'console', 'setTimeout', 'setInterval'].map(
          (name) => ({ name, message: `core must not touch '${name}': go through a port (ARCHITECTURE.md §1–2).` }),
        ),
      ],
      // A local named like a browser global reads as the global (and hides a real use of it).
      'id-denylist': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'history'],
      'no-restricted-properties': [
        'error',
        { object: 'globalThis', property: 'window', message: 'core must not touch browser globals.' },
        { object: 'globalThis', property: 'document', message: 'core must not touch browser globals.' },
        { object: 'Date', property: 'now', message: 'Time enters the core as an argument or through the scheduler.' },
      ],
    },
  },
  {
    files: ['adapters/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            deepWorkspaceImports,
            { group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'inversify', 'reflect-metadata', '@vestibule/ui', '@vestibule/ui/*', '@vestibule/app'], message: 'adapters must not import react, ui or inversify (ARCHITECTURE.md §1).' },
            { group: ['../*', '!../*.test', '!../*.ts'], message: 'One adapter folder never imports another.' },
          ],
        },
      ],
    },
  },
  {
    files: ['ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: uiImportPatterns }],
    },
  },
  {
    // File roles: a product's folder is its own; flows (pages' machines) sit below the widget.
    files: ['core/src/widget/products/*/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...coreImportPatterns, otherProduct] }] },
  },
  {
    files: ['ui/src/widget/products/*/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...uiImportPatterns, otherProduct] }] },
  },
  {
    files: ['core/src/flows/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...coreImportPatterns, { regex: '(^|/)widget(/|$)', message: 'flows never import the widget: what both need lives in domain/ (ARCHITECTURE.md §2).' }] },
      ],
    },
  },
  {
    // A front end without React (examples/vanilla): the core and the adapters, nothing else of
    // ours (ARCHITECTURE.md §1). Its vite.config.ts, a Node file, mounts the sandbox from test/.
    files: ['examples/*/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            deepWorkspaceImports,
            {
              group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'inversify', 'reflect-metadata', '@vestibule/ui', '@vestibule/ui/*', '@vestibule/app', '@vestibule/test', '@vestibule/test/*', ...vendorSdks],
              message: 'An example front end uses @vestibule/core and @vestibule/adapters only: no React, ui, app, test code or vendor SDKs (ARCHITECTURE.md §1).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // A ProviderUrl says "a provider returned this URL", and NavigationPort.leave sends the browser
    // off the site with nothing else. So only adapters (and the fakes standing in for them) mint
    // one, from their provider's answer: elsewhere, importing toProviderUrl or casting to the brand
    // fails (ARCHITECTURE.md §2, "Redirects and credentials"). Tests build hostile values on purpose.
    files: ['**/*.{ts,tsx}'],
    ignores: [
      'adapters/**',
      'test/src/fakes/**',
      '**/*.test.{ts,tsx}',
      'core/src/testing/**',
      'core/src/domain/redirects/provider-url.ts',
      'core/src/index.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "ImportSpecifier[imported.name='toProviderUrl']",
          "ExportSpecifier[local.name='toProviderUrl']",
          "MemberExpression[property.name='toProviderUrl']",
          "MemberExpression[property.value='toProviderUrl']",
          "TSAsExpression[typeAnnotation.typeName.name='ProviderUrl']",
          "TSTypeAssertion[typeAnnotation.typeName.name='ProviderUrl']",
        ].map((selector) => ({ selector, message: 'Only adapters mint a ProviderUrl (toProviderUrl), from what their provider returned.' })),
      ],
    },
  },
);
