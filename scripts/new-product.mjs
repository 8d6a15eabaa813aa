#!/usr/bin/env node
// `pnpm new:flow <product>`: writes a widget product module with the project's convention —
// core/src/widget/products/<name>/ (.types, .machine, .effects, .view, .module, .main-block and a
// machine test) and ui/src/widget/products/<name>/<name>.screens.tsx — and registers its Main block
// and lazy screens. `--dry-run` prints what it would write.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Product ids of the widget (core `ProductId`) and the configuration product each serves. */
export const PRODUCTS = { passwords: 'passwords', passcodes: 'otp', oauth: 'oauth', passkeys: 'passkeys', wallets: 'crypto' };

const pascal = (name) => name.charAt(0).toUpperCase() + name.slice(1);

/** The files of a new product module, as `{ path, content }`, and the registrations to insert. */
export function productFiles(name) {
  if (!Object.hasOwn(PRODUCTS, name)) throw new Error(`Unknown product "${name}". One of: ${Object.keys(PRODUCTS).join(', ')}.`);
  const P = pascal(name);
  const core = `core/src/widget/products/${name}`;
  const ui = `ui/src/widget/products/${name}`;
  const files = [
    {
      path: `${core}/${name}.types.ts`,
      content: `import type { AuthError } from '../../../domain/errors/auth-error';
import type { MessageRef } from '../../../domain/i18n/message-ref';
import type { KeyedEffect } from '../../../flows/flow-runner';

/** The ${name} product's screens, one state per screen. */
export type ${P}State = { readonly screen: 'start'; readonly email: string; readonly error: MessageRef | null; readonly busy: boolean };

export type ${P}Event = { readonly type: 'submitted' } | { readonly type: 'succeeded' } | { readonly type: 'failed'; readonly error: AuthError };

export type ${P}Effect = KeyedEffect & { readonly type: '${name}Call'; readonly email: string };

/** What the ${name} screens render. */
export interface ${P}View {
  readonly screen: 'start';
  readonly email: string;
  readonly error: MessageRef | null;
  readonly busy: boolean;
}
`,
    },
    {
      path: `${core}/${name}.machine.ts`,
      content: `import { errorMessage } from '../../../domain/errors/error-catalogue';
import type { CommonEffect } from '../../../flows/common-effects';
import type { MainAction, ProductContext, ProductStep } from '../../widget.types';
import type { ${P}Effect, ${P}Event, ${P}State } from './${name}.types';

type Step = ProductStep<${P}State, ${P}Effect | CommonEffect<${P}Event>>;

/** Entered from Main with the visitor's action. */
export function enter${P}(action: MainAction, _context: ProductContext): Step {
  return { state: { screen: 'start', email: action.type === 'emailSubmitted' ? action.email : '', error: null, busy: false }, effects: [] };
}

/** The ${name} product as a pure machine. */
export function ${name}Transition(state: ${P}State, event: ${P}Event, _context: ProductContext): Step {
  switch (event.type) {
    case 'submitted':
      if (state.busy) return { state, effects: [] };
      return { state: { ...state, busy: true, error: null }, effects: [{ type: '${name}Call', key: '${name}:call', email: state.email }] };
    case 'succeeded':
      return { state: { ...state, busy: false }, effects: [] };
    case 'failed':
      return { state: { ...state, busy: false, error: errorMessage(event.error) }, effects: [{ type: 'reportError', error: event.error }] };
  }
}
`,
    },
    {
      path: `${core}/${name}.effects.ts`,
      content: `import type { Observable } from 'rxjs';
import type { AuthCoreHost } from '../../../create-auth-core';
import { authError, fail } from '../../../domain/errors/auth-error';
import { providerCall } from '../../../flows/provider-call';
import type { ${P}Effect, ${P}Event } from './${name}.types';

/** Runs ${name} effects against the ports this product uses (and no others). */
export function interpret${P}Effect(effect: ${P}Effect, host: AuthCoreHost): Observable<${P}Event> {
  return providerCall(
    host,
    // Replace with the product port's call, e.g. host.ports.${name === 'wallets' ? 'cryptoWallets' : name}.
    () => Promise.resolve(fail(authError('unexpected', { serverMessage: \`\${effect.type} is not wired to a port yet\` }))),
    (result): ${P}Event => (result.ok ? { type: 'succeeded' } : { type: 'failed', error: result.error }),
  );
}
`,
    },
    {
      path: `${core}/${name}.view.ts`,
      content: `import type { ProductContext } from '../../widget.types';
import type { ${P}State, ${P}View } from './${name}.types';

/** Maps ${name} state to what its screens render. */
export function ${name}View(state: ${P}State, _context: ProductContext): ${P}View {
  return { screen: state.screen, email: state.email, error: state.error, busy: state.busy };
}
`,
    },
    {
      path: `${core}/${name}.module.ts`,
      content: `import type { ProductModule } from '../../widget.types';
import { interpret${P}Effect } from './${name}.effects';
import { enter${P}, ${name}Transition } from './${name}.machine';
import type { ${P}Effect, ${P}Event, ${P}State, ${P}View } from './${name}.types';
import { ${name}View } from './${name}.view';

/** The ${name} product, loaded when the visitor first enters it. */
export const ${name}Module: ProductModule<${P}State, ${P}Event, ${P}Effect, ${P}View> = {
  id: '${name}',
  enter: enter${P},
  transition: ${name}Transition,
  interpret: interpret${P}Effect,
  onEffectFailure: (_effect, error) => ({ type: 'failed', error }),
  view: ${name}View,
};
`,
    },
    {
      path: `${core}/${name}.main-block.ts`,
      content: `import { withRouter, type ProductMainBlock } from '../../product-catalogue';

/** The ${name} product's part of Main (first chunk); its machine and screens load on demand. */
export const ${name}MainBlock: ProductMainBlock = {
  id: '${name}',
  configProduct: '${PRODUCTS[name]}',
  emailFormPriority: null,
  load: () => withRouter(import('./${name}.module').then((module) => module.${name}Module)),
};
`,
    },
    {
      path: `${core}/${name}.machine.test.ts`,
      content: `import { describe, expect, it } from 'vitest';
import { authError } from '../../../domain/errors/auth-error';
import type { ProductContext } from '../../widget.types';
import { enter${P}, ${name}Transition } from './${name}.machine';

const context: ProductContext = { now: 0, input: { config: { products: ['${PRODUCTS[name]}'] }, returnContext: { redirect: null, source: null }, origin: 'http://localhost' }, senderDomain: null, passwordRule: null };

describe('${name} machine', () => {
  it('is busy while its call runs, and shows a failure', () => {
    const { state } = enter${P}({ type: 'emailSubmitted', email: 'ada@example.com' }, context);
    const submitted = ${name}Transition(state, { type: 'submitted' }, context);
    expect(submitted.state.busy).toBe(true);
    const failed = ${name}Transition(submitted.state, { type: 'failed', error: authError('network_unreachable') }, context);
    expect(failed.state).toMatchObject({ busy: false, error: { key: 'error.network_unreachable' } });
  });
});
`,
    },
    {
      path: `${ui}/${name}.screens.tsx`,
      content: `import type { ${P}View } from '@vestibule/core';
import { Message } from '../../../components/message';
import { ScreenHeading } from '../../../components/screen-heading';
import { useI18n } from '../../../hooks/use-i18n';
import type { ProductScreensProps } from '../../product-screens';

// The default export only: lazy() takes it directly (no re-wrapping code in the first load).
/** The ${name} product's screens (a lazily loaded chunk). */
export default function ${P}Screens({ view, send }: ProductScreensProps) {
  const i18n = useI18n();
  const screen = view as ${P}View;
  return (
    <section className="vb-screen">
      <button type="button" className="vb-back" aria-label={i18n.t('common.back')} onClick={() => send({ type: 'backClicked' })}>
        <span aria-hidden="true">←</span>
      </button>
      <ScreenHeading focusOnMount>{i18n.t('login.title')}</ScreenHeading>
      {screen.error && (
        <p className="vb-banner vb-banner--error" role="alert">
          <Message message={screen.error} />
        </p>
      )}
      <button type="button" className="vb-button vb-button--primary" disabled={screen.busy} onClick={() => send({ type: 'productEvent', product: '${name}', event: { type: 'submitted' } })}>
        {i18n.t('login.continue')}
      </button>
    </section>
  );
}
`,
    },
  ];
  const registrations = [
    {
      path: 'core/src/widget/product-catalogue.ts',
      marker: '  // new:flow: Main blocks',
      line: `  ${name}MainBlock,`,
      importLine: `import { ${name}MainBlock } from './products/${name}/${name}.main-block';`,
    },
    {
      path: 'ui/src/widget/product-screens.tsx',
      marker: '  // new:flow: screen loaders',
      line: `  ${name}: () => import('./products/${name}/${name}.screens'),`,
      importLine: null,
    },
    {
      path: 'core/src/index.ts',
      marker: '// new:flow: product view types',
      line: `export type { ${P}Event, ${P}View } from './widget/products/${name}/${name}.types';`,
      importLine: null,
    },
  ];
  return { files, registrations };
}

function main(argv) {
  const dryRun = argv.includes('--dry-run');
  const name = argv.find((arg) => !arg.startsWith('--'));
  if (!name) {
    console.error(`Usage: pnpm new:flow <product> [--dry-run]   (one of: ${Object.keys(PRODUCTS).join(', ')})`);
    return 2;
  }
  const { files, registrations } = productFiles(name);
  if (dryRun) {
    console.log(JSON.stringify({ files: files.map((file) => file.path), registrations: registrations.map((r) => r.path) }, null, 2));
    return 0;
  }
  for (const file of files) {
    if (existsSync(join(root, file.path))) throw new Error(`${file.path} already exists: the ${name} module was generated before.`);
  }
  for (const file of files) {
    mkdirSync(dirname(join(root, file.path)), { recursive: true });
    writeFileSync(join(root, file.path), file.content);
    console.log(`wrote ${file.path}`);
  }
  for (const registration of registrations) {
    const path = join(root, registration.path);
    let text = readFileSync(path, 'utf8');
    if (!text.includes(registration.marker)) throw new Error(`${registration.path} lost its "${registration.marker.trim()}" marker.`);
    text = text.replace(registration.marker, `${registration.line}\n${registration.marker}`);
    if (registration.importLine) text = text.replace(/(import [^\n]+\n)(?![\s\S]*\nimport )/, `$1${registration.importLine}\n`);
    writeFileSync(path, text);
    console.log(`registered in ${registration.path}`);
  }
  console.log(`\nNext: add the product's port to core/src/ports if it has none, its strings to the catalogue, and run pnpm test.`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    process.exit(main(process.argv.slice(2)));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
