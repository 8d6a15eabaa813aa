#!/usr/bin/env node
// `pnpm new:flow <product>`: writes a widget product's whole slice by the project's conventions and
// registers it, one entry per layer (docs/architecture.md, "The login widget"):
//
// - core: its module (types, machine, effects, view, module), its Main block declaring its slot, the
//   slot (a button on Main in the product's place), tests; its port when it has none yet;
// - strings: its namespace in English and French;
// - ui: its screens, its slot view and its screen fixtures (axe-core and the pseudo-locale find them);
// - adapters and app: its Stytch adapter (one call wired to the SDK, the rest saying they are not)
//   and its adapters module, a chunk of its own behind its ports manifest entry;
// - test: a fake of its port, a contract suite run against the fake and the real adapter over the
//   sandbox, a sandbox stub answering its endpoints 'not implemented in the sandbox yet', and an
//   end-to-end smoke test.
//
// What it writes works as generated: it typechecks, lints and its tests pass. The product is not
// wired yet, and says so: its call fails with a message the visitor reads. Size budgets find its
// chunks by convention. `--dry-run` prints what it would write and register.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The products the generator knows (passkeys and wallets were written from these entries, issues
 * 17 and 18; they stay as the worked examples its tests plan against), with what only a person
 * can know: the configuration product each serves, its place on Main, its port, its words, and the
 * one port call its Stytch adapter wires to the SDK (the contract suite calls it over the sandbox).
 */
export const PRODUCTS = {
  passkeys: {
    configProduct: 'passkeys',
    place: 'passkey',
    port: { key: 'passkeys', type: 'PasskeysPort' },
    words: {
      en: { mainButton: 'Continue with a passkey', title: 'Sign in with a passkey', continue: 'Continue', notWired: 'Signing in with a passkey' },
      fr: { mainButton: 'Continuer avec une clé d’accès', title: 'Se connecter avec une clé d’accès', continue: 'Continuer' },
    },
    wired: {
      method: 'authenticate',
      params: '(request, options)',
      path: '/sdk/v1/webauthn/authenticate/start/primary',
      sandboxArea: 'webauthn',
      sdk: 'webauthn.authenticate',
      imports: [],
      body: `const response = await stytch.webauthn.authenticate({
          session_duration_minutes: request.sessionDurationMinutes,
          is_passkey: true,
          conditional_mediation: request.conditionalMediation,
        });
        // null: the browser offers no passkey autofill (conditional mediation), so nothing was asked.
        if (response === null) throw new Error('This browser offers no passkey autofill');
        return runtime.sessionReader.read(response.user, response.session);`,
      example: 'authenticate({ sessionDurationMinutes: 60, conditionalMediation: false })',
    },
  },
  wallets: {
    configProduct: 'crypto',
    place: 'wallets',
    port: { key: 'cryptoWallets', type: 'CryptoWalletsPort' },
    words: {
      en: { mainButton: 'Continue with a crypto wallet', title: 'Sign in with a crypto wallet', continue: 'Continue', notWired: 'Signing in with a crypto wallet' },
      fr: { mainButton: 'Continuer avec un portefeuille crypto', title: 'Se connecter avec un portefeuille crypto', continue: 'Continuer' },
    },
    wired: {
      method: 'authenticateStart',
      params: '(address, chain, options)',
      path: '/sdk/v1/crypto_wallets/authenticate/start/primary',
      sandboxArea: 'crypto_wallets',
      sdk: 'cryptoWallets.authenticateStart',
      imports: [],
      body: `const response = await stytch.cryptoWallets.authenticateStart({ crypto_wallet_address: address, crypto_wallet_type: chain });
        return { challenge: response.challenge };`,
      example: "authenticateStart('0x6a5e8b2c7e4f0d1a9b3c5e7f9a1b3c5d7e9f0a1b', 'ethereum')",
    },
    // What the product's call needs that the repository does not have yet.
    needs: "the visitor's wallet address and signature: a browser port for EIP-1193 and Solana wallets, which does not exist yet",
  },
};

const camel = (kebab) => kebab.replace(/-([a-z])/g, (_match, letter) => letter.toUpperCase());
const pascal = (name) => camel(name).charAt(0).toUpperCase() + camel(name).slice(1);
const kebab = (name) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const quoted = (key) => (/^[a-z]\w*$/i.test(key) ? key : `'${key}'`);

/**
 * The methods of interface `typeName` in a port's source, each with how it answers: `result` (a
 * `Promise<Result<…>>`, never rejecting), `promise` (a plain promise), `subscribe` (returns its
 * unsubscribe) or `fire` (returns nothing).
 */
export function portMethods(source, typeName) {
  const file = ts.createSourceFile('port.ts', source, ts.ScriptTarget.ES2022, true);
  const port = file.statements.find((statement) => ts.isInterfaceDeclaration(statement) && statement.name.text === typeName);
  if (port === undefined) throw new Error(`No interface ${typeName} in its port file.`);
  return port.members.map((member) => {
    const type = ts.isMethodSignature(member) ? member.type : ts.isPropertySignature(member) && member.type && ts.isFunctionTypeNode(member.type) ? member.type.type : undefined;
    if (type === undefined || !member.name) throw new Error(`${typeName}: every member must be a method with a return type (${member.getText(file)}).`);
    const returns = type.getText(file).replace(/\s+/g, ' ');
    const kind = /^Promise<Result</.test(returns) ? 'result' : /^Promise</.test(returns) ? 'promise' : /^\(\) => void$/.test(returns) ? 'subscribe' : returns === 'void' ? 'fire' : null;
    if (kind === null) throw new Error(`${typeName}.${member.name.getText(file)} returns ${returns}: a port method returns a promise, an unsubscribe or nothing.`);
    return { name: member.name.getText(file), kind };
  });
}

/** The deferred stand-in's mode per kind of method (app/src/composition/defer-port.ts). */
const DEFER_MODE = { result: 'urgent', promise: 'await', subscribe: 'subscribe', fire: 'fire' };

/**
 * Where the slice goes and what it is called. Files that implement a port (its adapter, fake,
 * contract, sandbox handlers) are named after the port, as the existing ones are; the rest after
 * the product.
 */
function names(name, spec) {
  const id = camel(name);
  const port = spec.port;
  const portFile = kebab(port.key);
  return {
    name,
    id,
    P: pascal(name),
    namespace: name,
    prefix: id,
    core: `core/src/widget/products/${name}`,
    ui: `ui/src/widget/products/${name}`,
    port: { ...port, file: portFile, P: pascal(portFile), path: `core/src/ports/${portFile}.port.ts` },
    adapter: { path: `adapters/src/stytch/stytch-${portFile}.adapter.ts`, factory: `createStytch${pascal(portFile)}Adapter` },
    appAdapters: { path: `app/src/composition/adapters/${name}.adapters.ts`, loader: `load${pascal(name)}Adapters` },
    fake: { path: `test/src/fakes/fake-${portFile}.ts`, className: `Fake${pascal(portFile)}` },
    contract: { path: `test/contract/${portFile}.contract.ts`, test: `test/contract/${portFile}.contract.test.ts`, describe: `describe${pascal(portFile)}Contract` },
    sandbox: { path: `test/src/sandbox/${portFile}-handlers.ts`, factory: `create${pascal(portFile)}Handlers` },
    e2e: `test/e2e/${name}.e2e.ts`,
  };
}

/** The port's source: the existing file, or a new one from `spec.port.methods` (a product whose port does not exist yet). */
function portSource(n, spec, readSource) {
  const existing = readSource(n.port.path);
  if (existing !== null) return { source: existing, file: null };
  if (!spec.port.methods) throw new Error(`${n.port.path} does not exist: give the product's port its methods (spec.port.methods) to write it.`);
  const source = `import type { Result } from '../domain/errors/auth-error';
import type { CallOptions } from './call-options';
import type { ProviderSession } from './session.port';

/** ${n.P} at the provider (written by \`pnpm new:flow ${n.name}\`). */
export interface ${n.port.type} {
${spec.port.methods.map((method) => `  ${method}`).join('\n')}
}
`;
  return { source, file: { path: n.port.path, content: source } };
}

/**
 * The files of a new product's slice, as `{ path, content }`, and the registrations to insert
 * (`{ path, marker, line, importLine }`: `line` goes before `marker`; `importLine`, when given,
 * after the file's last import). `readSource(path)` reads a repository file (or `null`).
 */
export function productSlice(name, { spec = PRODUCTS[name], readSource = readRepositoryFile } = {}) {
  if (spec === undefined) throw new Error(`Unknown product "${name}". One of: ${Object.keys(PRODUCTS).join(', ')}.`);
  const n = names(name, spec);
  const { P, id } = n;
  const port = portSource(n, spec, readSource);
  const methods = portMethods(port.source, spec.port.type);
  const wired = spec.wired;
  if (!methods.some((method) => method.name === wired.method && method.kind === 'result')) throw new Error(`${spec.port.type}.${wired.method} must be a method answering a Result.`);
  const en = spec.words.en;
  const fr = spec.words.fr;
  const notWiredText = `${en.notWired} is not wired yet: its effect does not call the ${n.port.key} port (${n.core}/${name}.effects.ts).`;

  const files = [
    {
      path: `${n.core}/${name}.types.ts`,
      content: `import type { AuthError } from '../../../domain/errors/auth-error';
import type { MessageRef } from '../../../domain/i18n/message-ref';
import type { KeyedEffect } from '../../../flows/flow-runner';

/** The ${name} product's screens, one state per screen (keyed by \`screen\`). */
export type ${P}State = { readonly screen: 'start'; readonly error: MessageRef | null; readonly busy: boolean };

export type ${P}Event = { readonly type: 'submitted' } | { readonly type: 'failed'; readonly error: AuthError };

export type ${P}Effect = KeyedEffect & { readonly type: '${id}Call' };

/** What the ${name} screens render. */
export interface ${P}View {
  readonly screen: 'start';
  readonly error: MessageRef | null;
  readonly busy: boolean;
}
`,
    },
    {
      path: `${n.core}/${name}.machine.ts`,
      content: `import { errorMessage } from '../../../domain/errors/error-catalogue';
import type { CommonEffect } from '../../../flows/common-effects';
import type { ScreenRecord } from '../../screen-record';
import type { MainAction, ProductContext, ProductStep } from '../../widget.types';
import type { ${P}Effect, ${P}Event, ${P}State } from './${name}.types';

type Step = ProductStep<${P}State, ${P}Effect | CommonEffect<${P}Event>>;

/** Entered from its button on Main (or handed over by another product): its first screen. */
export function enter${P}(_action: MainAction, _context: ProductContext): Step {
  return { state: { screen: 'start', error: null, busy: false }, effects: [] };
}

/** The ${name} product as a pure machine. */
export function ${id}Transition(state: ${P}State, event: ${P}Event, _context: ProductContext): Step {
  switch (event.type) {
    case 'submitted':
      // One call at a time: pressing again while it runs changes nothing.
      if (state.busy) return { state, effects: [] };
      return { state: { ...state, busy: true, error: null }, effects: [{ type: '${id}Call', key: '${id}:call' }] };
    case 'failed':
      return { state: { ...state, busy: false, error: errorMessage(event.error) }, effects: [{ type: 'reportError', error: event.error }] };
  }
}

/** The screen on show as a record a reload brings back (never a secret: it is kept in this tab's storage). */
export const ${id}Snapshot = (state: ${P}State): ScreenRecord => ({ screen: state.screen });

/** The screen a record names, or \`null\` for a record this product did not write (storage is untrusted). */
export function resume${P}(record: ScreenRecord, _context: ProductContext): Step | null {
  if (record['screen'] !== 'start') return null;
  return { state: { screen: 'start', error: null, busy: false }, effects: [] };
}
`,
    },
    {
      path: `${n.core}/${name}.effects.ts`,
      content: `import type { AuthCoreHost } from '../../../create-auth-core';
import { authError, fail, type AuthError, type Result } from '../../../domain/errors/auth-error';
import { providerCall } from '../../../flows/provider-call';
import type { Stream } from '../../../flows/stream';
import type { ${P}Effect, ${P}Event } from './${name}.types';

/**
 * What the visitor reads until this product calls its port: a provider failure, whose text the
 * machine shows as it is (an \`unexpected\` error would show only the generic message).
 */
const NOT_WIRED = authError('provider_error', {
  providerType: 'not_wired',
  serverMessage: '${notWiredText}',
});

/** Runs ${name} effects against the ports this product uses (\`host.ports.${n.port.key}\`) and no others. */
export function interpret${P}Effect(_effect: ${P}Effect, host: AuthCoreHost): Stream<${P}Event> {
  return providerCall(
    host,
    // Not wired yet: call the ${n.port.key} port here, e.g. host.ports.${n.port.key}.${wired.method}(…, options).${spec.needs ? `\n    // It needs ${spec.needs}.` : ''}
    (): Promise<Result<never>> => Promise.resolve(fail(NOT_WIRED)),
    // Nothing can succeed before the call is written (its value is \`never\`).
    (result): ${P}Event => (result.ok ? result.value : { type: 'failed', error: result.error }),
  );
}

/** An effect that failed outside the product's own handling (its interpreter threw) ends the call like any failure. */
export function ${id}EffectFailure(_effect: ${P}Effect, error: AuthError): ${P}Event {
  return { type: 'failed', error };
}
`,
    },
    {
      path: `${n.core}/${name}.view.ts`,
      content: `import type { ProductContext } from '../../widget.types';
import type { ${P}State, ${P}View } from './${name}.types';

/** Maps ${name} state to what its screens render. */
export function ${id}View(state: ${P}State, _context: ProductContext): ${P}View {
  return { screen: state.screen, error: state.error, busy: state.busy };
}
`,
    },
    {
      path: `${n.core}/${name}.module.ts`,
      content: `import type { ProductModule } from '../../widget.types';
import { ${id}EffectFailure, interpret${P}Effect } from './${name}.effects';
import { enter${P}, ${id}Snapshot, ${id}Transition, resume${P} } from './${name}.machine';
import type { ${P}Effect, ${P}Event, ${P}State, ${P}View } from './${name}.types';
import { ${id}View } from './${name}.view';

/** The ${name} product, loaded when the visitor first enters it. */
export const ${id}Module: ProductModule<${P}State, ${P}Event, ${P}Effect, ${P}View> = {
  id: '${id}',
  enter: enter${P},
  transition: ${id}Transition,
  interpret: interpret${P}Effect,
  onEffectFailure: ${id}EffectFailure,
  view: ${id}View,
  snapshot: ${id}Snapshot,
  resume: resume${P},
};
`,
    },
    {
      path: `${n.core}/${name}.slot.ts`,
      content: `import { NO_EVENTS } from '../../../flows/stream';
import type { KeyedEffect } from '../../../flows/flow-runner';
import type { MainSlot, SlotStep } from '../../main-slot.types';

/** The ${name} button on Main: whether it was the one pressed (shown busy while its action is on its way). */
interface ${P}SlotState {
  readonly pressed: boolean;
}

export type ${P}SlotEvent = { readonly type: 'pressed' };

/** What the ${name} button renders. */
export interface ${P}SlotView {
  readonly busy: boolean;
  /** Pressing is not possible now (something else is on its way, or \`Retry-After\`). */
  readonly disabled: boolean;
}

type Step = SlotStep<${P}SlotState, KeyedEffect>;

/**
 * The ${name} product's slot on Main (SPEC §2, the ${spec.place} place): one button. Pressing it
 * hands the ${name} product its action, which opens its first screen.
 */
export const ${id}Slot: MainSlot<${P}SlotState, ${P}SlotEvent, KeyedEffect, ${P}SlotView> = {
  id: '${name}',
  place: '${spec.place}',
  init: () => ({ pressed: false }),
  transition(state, _event, context): Step {
    // 'pressed' is its one event. Another action on its way, or a Retry-After wait, refuses it.
    if (context.mainBusy || context.mainWaiting) return { state, effects: [] };
    return { state: { pressed: true }, effects: [], outputs: [{ type: 'action', product: '${id}', detail: null }] };
  },
  signal: (state): Step => ({ state, effects: [] }),
  // No effects of its own yet.
  interpret: () => NO_EVENTS,
  onEffectFailure: () => null,
  busy: () => false,
  view: (state, context): ${P}SlotView => ({ busy: context.acting && state.pressed, disabled: context.mainBusy || context.mainWaiting }),
};
`,
    },
    {
      path: `${n.core}/${name}.main-block.ts`,
      content: `import { withRouter, type ProductMainBlock } from '../../product-catalogue';

/**
 * The ${name} product's part of Main (first chunk, in every page: keep it this small). Its button
 * is a slot in the ${spec.place} place, shown wherever the product is configured (the catalogue checks
 * that before \`applies\`); its machine and screens load when the button is pressed.
 */
export const ${id}MainBlock: ProductMainBlock = {
  id: '${id}',
  configProduct: '${spec.configProduct}',
  emailFormPriority: null,
  load: () => withRouter(import('./${name}.module').then((module) => module.${id}Module)),
  slots: [{ id: '${name}', place: '${spec.place}', applies: () => true, load: () => import('./${name}.slot').then((module) => module.${id}Slot) }],
};
`,
    },
    {
      path: `${n.core}/${name}.machine.test.ts`,
      content: `import { describe, expect, it } from 'vitest';
import { authError } from '../../../domain/errors/auth-error';
import { ALL_PRODUCTS } from '../../all-products';
import type { ProductContext } from '../../widget.types';
import { enter${P}, ${id}Snapshot, ${id}Transition, resume${P} } from './${name}.machine';

const context: ProductContext = {
  now: 0,
  input: { config: { products: ['emailMagicLinks', '${spec.configProduct}'] }, returnContext: { redirect: null, source: null }, origin: 'http://localhost', products: ALL_PRODUCTS },
  senderDomain: null,
  passwordRule: null,
};
const entered = () => enter${P}({ type: 'slotAction', product: '${id}', email: '', detail: null }, context).state;

describe('${name} machine', () => {
  it('opens its first screen, idle', () => {
    expect(entered()).toEqual({ screen: 'start', error: null, busy: false });
  });

  it('is busy while its call runs, and makes one call however often Continue is pressed', () => {
    const submitted = ${id}Transition(entered(), { type: 'submitted' }, context);
    expect(submitted.state.busy).toBe(true);
    expect(submitted.effects).toEqual([{ type: '${id}Call', key: '${id}:call' }]);
    expect(${id}Transition(submitted.state, { type: 'submitted' }, context).effects).toEqual([]);
  });

  it('shows a failure and reports it', () => {
    const submitted = ${id}Transition(entered(), { type: 'submitted' }, context);
    const error = authError('network_unreachable');
    const failed = ${id}Transition(submitted.state, { type: 'failed', error }, context);
    expect(failed.state).toEqual({ screen: 'start', busy: false, error: { key: 'error.network_unreachable' } });
    expect(failed.effects).toEqual([{ type: 'reportError', error }]);
  });

  it('a reload brings its screen back from the record it stored, and refuses any other record', () => {
    expect(resume${P}(${id}Snapshot(entered()), context)?.state).toEqual(entered());
    expect(resume${P}({ screen: '<img src=x onerror=alert(1)>' }, context)).toBeNull();
  });
});
`,
    },
    {
      path: `${n.core}/${name}.slot.test.ts`,
      content: `import { describe, expect, it } from 'vitest';
import type { SafePath } from '../../../domain/redirects/safe-redirect';
import { openSlotForTest } from '../../../testing/slot-harness';
import { virtualTimeHost } from '../../../testing/virtual-time-host';
import { ALL_PRODUCTS } from '../../all-products';
import type { WidgetInput } from '../../widget.types';
import { ${id}Slot } from './${name}.slot';

const input: WidgetInput = {
  config: { products: ['emailMagicLinks', '${spec.configProduct}'] },
  returnContext: { redirect: '/orders' as SafePath, source: null },
  origin: 'https://shop.example',
  products: ALL_PRODUCTS,
};

describe('the ${name} button on Main', () => {
  it('hands the ${name} product its action when pressed, and shows busy while that action is on its way', () => {
    const slot = openSlotForTest(virtualTimeHost().host, ${id}Slot, input);
    slot.send({ type: 'pressed' });
    expect(slot.outputs).toEqual([{ type: 'action', product: '${id}', detail: null }]);
    slot.main.acting = true;
    expect(slot.view()).toEqual({ busy: true, disabled: false });
    slot.stop();
  });

  it('starts nothing while something else on Main is on its way, or Main waits out Retry-After', () => {
    const slot = openSlotForTest(virtualTimeHost().host, ${id}Slot, input);
    slot.main.mainBusy = true;
    slot.send({ type: 'pressed' });
    slot.main.mainBusy = false;
    slot.main.mainWaiting = true;
    slot.send({ type: 'pressed' });
    expect(slot.outputs).toEqual([]);
    expect(slot.view()).toEqual({ busy: false, disabled: true });
    slot.stop();
  });
});
`,
    },
    {
      path: `${n.core}/${name}.flow.test.ts`,
      content: `import { describe, expect, it, vi } from 'vitest';
import { virtualTimeHost } from '../../../testing/virtual-time-host';
import { ALL_PRODUCTS } from '../../all-products';
import { openLoginWidget } from '../../open-login-widget';
import { widgetView } from '../../widget.view';
import { ${id}Slot } from './${name}.slot';
import type { ${P}View } from './${name}.types';

/** The login widget with ${name} (and e-mail magic links), its button already loaded, on virtual time. */
function setUp() {
  const test = virtualTimeHost();
  const flow = openLoginWidget(test, \`login-\${Math.random()}\`, {
    config: { products: ['emailMagicLinks', '${spec.configProduct}'] },
    returnContext: { redirect: null, source: null },
    products: ALL_PRODUCTS,
    slots: { '${name}': ${id}Slot },
  });
  flow.subscribe(() => undefined);
  // The product's chunk is a dynamic import: real module loading, not a timer.
  const settle = async () => {
    await vi.waitFor(() => expect(flow.getSnapshot().loading).toBeNull());
    await test.advance(0);
  };
  const screenView = (): ${P}View => {
    const view = widgetView(flow.getSnapshot());
    if (view.screen !== 'product' || view.product !== '${id}') throw new Error(\`expected the ${name} product's screen, found \${view.screen}\`);
    return view.view as ${P}View;
  };
  return { test, flow, settle, screenView };
}

describe('${name} from Main (virtual time)', () => {
  it("shows its button on Main, in the ${spec.place} place, and opens its first screen when it is pressed", async () => {
    const { test, flow, settle, screenView } = setUp();
    await test.advance(0);
    const main = widgetView(flow.getSnapshot());
    expect(main.screen === 'main' && main.main.slots.map((slot) => [slot.id, slot.place])).toEqual([['${name}', '${spec.place}']]);
    flow.send({ type: 'slotEvent', slot: '${name}', event: { type: 'pressed' } });
    await settle();
    expect(screenView()).toEqual({ screen: 'start', error: null, busy: false });
  });

  it('says on its screen that it is not wired yet when the visitor continues', async () => {
    const { test, flow, settle, screenView } = setUp();
    await test.advance(0);
    flow.send({ type: 'slotEvent', slot: '${name}', event: { type: 'pressed' } });
    await settle();
    flow.send({ type: 'productEvent', product: '${id}', event: { type: 'submitted' } });
    await test.advance(0);
    expect(screenView()).toMatchObject({ busy: false, error: { text: expect.stringMatching(/not wired yet/) } });
  });
});
`,
    },
    {
      path: `core/src/domain/i18n/locales/en/${n.namespace}.ts`,
      content: `/**
 * English, namespace \`${n.namespace}\`: the ${name} product's button on Main and its screens.
 * Written by \`pnpm new:flow ${name}\`; where the SPEC quotes a string, use its words.
 */
const messages = {
  '${n.prefix}.mainButton': '${en.mainButton}',
  '${n.prefix}.title': '${en.title}',
  '${n.prefix}.continue': '${en.continue}',
} as const;

export default messages;
`,
    },
    {
      path: `core/src/domain/i18n/locales/fr/${n.namespace}.ts`,
      content: `import type { NamespaceMessages } from '../../namespaces';

/** Français, espace \`${n.namespace}\` : le bouton du produit ${name} sur l'accueil et ses écrans. */
const messages = {
  '${n.prefix}.mainButton': '${fr.mainButton}',
  '${n.prefix}.title': '${fr.title}',
  '${n.prefix}.continue': '${fr.continue}',
} as const satisfies NamespaceMessages<'${n.namespace}'>;

export default messages;
`,
    },
    {
      path: `${n.ui}/${name}.screens.tsx`,
      content: `import type { ${P}Event, ${P}View, NamespaceId } from '@vestibule/core';
import { BackButton } from '../../../components/back-button';
import { Message } from '../../../components/message';
import { ScreenHeading } from '../../../components/screen-heading';
import { useI18n } from '../../../hooks/use-i18n';
import type { ProductScreensProps } from '../../product-screens';

/** This product's strings, loaded with its screens (errors come with the failure that needs them). */
const NAMESPACES = ['main', '${n.namespace}'] as const;

/** The strings its screens show, fetched with them before the product is entered (product-views.ts). */
export const namespaces: readonly NamespaceId[] = NAMESPACES;

// The component is the default export: the widget renders it as it is (no re-wrapping code in the first load).
/** The ${name} product's screens (a lazily loaded chunk). */
export default function ${P}Screens({ view, send }: ProductScreensProps) {
  const i18n = useI18n(NAMESPACES);
  const screen = view as ${P}View;
  const send${P} = (event: ${P}Event) => send({ type: 'productEvent', product: '${id}', event });
  return (
    <section className="vb-screen">
      <BackButton onBack={() => send({ type: 'backClicked' })} />
      <ScreenHeading focusOnMount>{i18n.t('${n.prefix}.title')}</ScreenHeading>
      {screen.error && (
        <p className="vb-banner vb-banner--error" role="alert">
          <Message message={screen.error} />
        </p>
      )}
      <button type="button" className="vb-button vb-button--primary" disabled={screen.busy} aria-busy={screen.busy || undefined} onClick={() => send${P}({ type: 'submitted' })}>
        {i18n.t('${n.prefix}.continue')}
      </button>
    </section>
  );
}
`,
    },
    {
      path: `${n.ui}/${name}.slot-view.tsx`,
      content: `import type { ${P}SlotEvent, ${P}SlotView } from '@vestibule/core';
import { Message } from '../../../components/message';
import { useI18n } from '../../../hooks/use-i18n';
import type { SlotViewProps } from '../../slot-views';

/** Its words live in the product's namespace: the button waits for them (Main keeps its place empty meanwhile). */
const NAMESPACES = ['main', '${n.namespace}'] as const;

/** SPEC §2 Main's ${spec.place} place: the ${name} product's button, and the message Main shows in it. */
export default function ${P}Button({ view, message, send }: SlotViewProps<${P}SlotView>) {
  const i18n = useI18n(NAMESPACES);
  return (
    <>
      <button
        type="button"
        className="vb-button vb-button--secondary"
        disabled={view.disabled}
        aria-busy={view.busy || undefined}
        onClick={() => send({ type: 'pressed' } satisfies ${P}SlotEvent)}
      >
        {i18n.t('${n.prefix}.mainButton')}
      </button>
      {message && (
        <p className="vb-field-error" role="alert">
          <Message message={message} />
        </p>
      )}
    </>
  );
}
`,
    },
    {
      path: `${n.ui}/${name}.fixtures.tsx`,
      content: `import type { ${P}SlotView, ${P}View } from '@vestibule/core';
import type { ReactElement } from 'react';
import { headingShown, main, product, type ScreenFixture } from '../../../a11y/screen-fixtures';

// The ${name} product's screens and its button on Main, checked with axe-core and in the
// pseudo-locale (ui/src/a11y finds this file by its name).

const start = (view: Partial<${P}View> = {}): ReactElement => product('${id}', { screen: 'start', error: null, busy: false, ...view } satisfies ${P}View);
const withButton = (view: Partial<${P}SlotView> = {}): ReactElement =>
  main({ slots: [{ id: '${name}', place: '${spec.place}', view: { busy: false, disabled: false, ...view } satisfies ${P}SlotView, message: null }] });

/** Main has settled once the button's chunk and its strings are on screen. */
const buttonShown = () => {
  headingShown();
  if (document.querySelector('.vb-slots--${spec.place} button') === null) throw new Error('The ${name} button has not arrived yet');
};

export const SCREEN_FIXTURES: readonly ScreenFixture[] = [
  { name: 'Main with the ${name} button', element: () => withButton(), settled: buttonShown },
  { name: 'Main with the ${name} button busy', element: () => withButton({ busy: true, disabled: true }), settled: buttonShown },
  { name: '${P}, its first screen', element: () => start() },
  { name: '${P}, its first screen while its call runs', element: () => start({ busy: true }) },
  { name: '${P}, its first screen with a failure', element: () => start({ error: { key: 'error.network_unreachable' } }) },
];
`,
    },
    {
      path: n.adapter.path,
      content: `import { authError, fail, type ${spec.port.type} } from '@vestibule/core';
import type { StytchRuntime } from './stytch-client';
${wired.imports.map((line) => `${line}\n`).join('')}
/** What a method this adapter does not call the SDK for yet answers: a failure that says so (its text is shown). */
const notWired = (method: string) =>
  authError('provider_error', { providerType: 'not_wired', serverMessage: \`${n.port.key}.\${method} is not wired to the Stytch SDK yet (${n.adapter.path}).\` });

/**
 * ${P} on the Stytch SDK: \`${wired.method}\` through \`${wired.sdk}\`. The other methods
 * are not wired yet (\`pnpm new:flow ${name}\` wrote this adapter) and say so.
 */
export function ${n.adapter.factory}(runtime: StytchRuntime): ${spec.port.type} {
  return {
${methods
  .map((method) => {
    if (method.name === wired.method) {
      return `    ${method.name}: ${wired.params} =>
      runtime.call('${wired.path}', options, async (stytch) => {
        ${wired.body}
      }),`;
    }
    return `    ${method.name}: ${notWiredImplementation(method, 'notWired')},`;
  })
  .join('\n')}
  };
}
`,
    },
    {
      path: n.appAdapters.path,
      content: `// The ${name} product's adapters: a chunk of their own, loaded on the product's first port call.
import { ${n.adapter.factory} } from '@vestibule/adapters/stytch';
import type { AdapterModule } from '../ports.manifest';

type ${P}Adapters = AdapterModule<'${n.port.key}'>;

export const ${n.port.key}: ${P}Adapters['${n.port.key}'] = ({ stytch }) => ${n.adapter.factory}(stytch);
`,
    },
    {
      path: n.fake.path,
      content: `import { fail, providerError, type ${spec.port.type} } from '@vestibule/core';

/** What every call answers until this fake emulates ${name}: a provider failure that says so, as the sandbox's stub does. */
const notImplemented = (method: string) =>
  providerError('not_implemented', { status: 404, serverMessage: \`${n.port.key}.\${method} is not implemented in the fake yet (${n.fake.path}).\` });

/**
 * ${P} as an in-memory provider, not emulated yet (\`pnpm new:flow ${name}\` wrote this fake): like
 * the sandbox, every call says so. The contract suite holds it to the same answers as the Stytch
 * adapter over the sandbox (${n.contract.path}).
 */
export class ${n.fake.className} implements ${spec.port.type} {
${methods.map((method) => `  readonly ${method.name}: ${spec.port.type}['${method.name}'] = ${notWiredImplementation(method, 'notImplemented')};`).join('\n')}
}
`,
    },
    {
      path: n.contract.path,
      content: `import type { ${spec.port.type} } from '@vestibule/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MakePortSubject, PortSubject } from './contract-subject';

/**
 * What every {@link ${spec.port.type}} implementation promises. Written by \`pnpm new:flow ${name}\`
 * while neither the sandbox nor the fake implements ${name}: both say so, the same way. Replace
 * these tests with the product's contract as the two learn it.
 */
export function ${n.contract.describe}(name: string, makeSubject: MakePortSubject<${spec.port.type}>): void {
  describe(\`${n.port.key} contract: \${name}\`, () => {
    let subject: PortSubject<${spec.port.type}>;
    beforeEach(async () => {
      subject = await makeSubject();
    });
    afterEach(() => subject.dispose());

    it('answers ${wired.method}, not implemented yet, with a provider failure that says so, never throwing', async () => {
      const result = await subject.port.${wired.example};
      expect(result).toMatchObject({ ok: false, error: { code: 'provider_error', status: 404, retryable: false } });
      expect(result.ok ? null : result.error.serverMessage).toMatch(/ is not implemented in the (sandbox|fake) yet/);
    });
  });
}
`,
    },
    {
      path: n.contract.test,
      content: `// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import { ${n.adapter.factory} } from '@vestibule/adapters/stytch';
import { afterAll, beforeAll } from 'vitest';
import { ${n.fake.className} } from '../src/fakes/${n.fake.path.replace(/^.*\//, '').replace(/\.ts$/, '')}';
import { ${n.contract.describe} } from './${n.contract.path.replace(/^.*\//, '').replace(/\.ts$/, '')}';
import { stytchSandboxPort } from './subjects';

const stytch = stytchSandboxPort(${n.adapter.factory});
beforeAll(() => stytch.listen());
afterAll(() => stytch.close());

${n.contract.describe}('fake', () => ({ port: new ${n.fake.className}(), dispose: () => undefined }));
${n.contract.describe}('Stytch adapter + sandbox', stytch.make);
`,
    },
    {
      path: n.sandbox.path,
      content: `// The ${name} product's Stytch endpoints (\`${wired.sandboxArea}/*\`), not emulated yet.
// \`pnpm new:flow ${name}\` wrote this stub so that a call says what is missing and where to write
// it, in Stytch's error shape (the sandbox's catch-all says only that it does not emulate the
// endpoint). Registered by ./sdk-handlers, behind its fault injection and product checks. Replace
// it with the endpoints' behaviour (./otp-handlers is a whole product's), and the contract suite
// (${n.contract.path}) with what the product promises.

import type { RequestHandler } from 'msw';
import { type SandboxContext, route } from './routing';
import { SandboxError } from './wire';

/**
 * @param sdk the SDK base path pattern (\`*\\/__sandbox/stytch/sdk/v1\`)
 */
export function ${n.sandbox.factory}(_ctx: SandboxContext, sdk: string): RequestHandler[] {
  return [
    route('all', \`\${sdk}/${wired.sandboxArea}/*\`, (request) => {
      const path = new URL(request.url).pathname.replace(/^.*\\/sdk\\/v1\\//, '/sdk/v1/');
      // The catch-all's error type, with what to write and where.
      throw new SandboxError(404, 'sandbox_endpoint_not_implemented', \`\${request.method} \${path} is not implemented in the sandbox yet (${n.sandbox.path}).\`);
    }),
  ];
}
`,
    },
    {
      path: n.e2e,
      content: `import { expect, test } from './fixtures';

// The ${name} product's smoke test (written by \`pnpm new:flow ${name}\`): its button on Main in the
// playground, and its first screen, which says the product is not wired yet.

test('the playground with ${name} shows its button on Main, which opens its first screen', async ({ page }) => {
  await page.goto('/playground?products=emailMagicLinks,${spec.configProduct}');
  const button = page.getByRole('button', { name: '${en.mainButton}' });
  await expect(button).toBeVisible();
  await button.click();
  await expect(page.getByRole('heading', { name: '${en.title}' })).toBeVisible();
  await page.getByRole('button', { name: '${en.continue}', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('not wired yet');
});
`,
    },
  ];
  if (port.file) files.push(port.file);

  const registrations = [
    {
      path: 'core/src/widget/all-products.ts',
      marker: '  // new:flow: Main blocks',
      line: `  ${id}MainBlock,`,
      importLine: `import { ${id}MainBlock } from './products/${name}/${name}.main-block';`,
    },
    {
      path: 'core/src/index.ts',
      marker: '// new:flow: product view types',
      line: `export type { ${P}Event, ${P}View } from './widget/products/${name}/${name}.types';\nexport type { ${P}SlotEvent, ${P}SlotView } from './widget/products/${name}/${name}.slot';`,
    },
    { path: 'core/src/domain/i18n/namespaces.ts', marker: '  // new:flow: namespace ids', line: `  '${n.namespace}',`, importLine: `import type en${P} from './locales/en/${n.namespace}';` },
    { path: 'core/src/domain/i18n/namespaces.ts', marker: '  // new:flow: English namespaces', line: `  readonly ${quoted(n.namespace)}: typeof en${P};` },
    { path: 'core/src/domain/i18n/namespaces.ts', marker: '  // new:flow: namespace prefixes', line: `  ${n.prefix}: '${n.namespace}',` },
    { path: 'core/src/domain/i18n/english.ts', marker: '  // new:flow: English catalogues', line: n.namespace === id ? `  ${id},` : `  ${quoted(n.namespace)}: ${id},`, importLine: `import ${id} from './locales/en/${n.namespace}';` },
    { path: 'ui/src/widget/product-views.ts', marker: '  // new:flow: screens', line: `  ${id}: () => import('./products/${name}/${name}.screens'),` },
    { path: 'ui/src/widget/product-views.ts', marker: '  // new:flow: slot views', line: `  ${quoted(name)}: () => import('./products/${name}/${name}.slot-view'),` },
    { path: 'adapters/src/stytch/index.ts', marker: '// new:flow: Stytch adapters', line: `export { ${n.adapter.factory} } from './stytch-${n.port.file}.adapter';` },
    { path: 'app/src/composition/ports.manifest.ts', marker: '// new:flow: adapter modules', line: `const ${n.appAdapters.loader} = () => import('./adapters/${name}.adapters');` },
    {
      path: 'app/src/composition/ports.manifest.ts',
      marker: '  // new:flow: ports',
      line: `  ${n.port.key}: { load: ${n.appAdapters.loader}, plan: { ${methods.map((method) => `${method.name}: '${DEFER_MODE[method.kind]}'`).join(', ')} } },`,
    },
    { path: 'test/src/fakes/create-fake-ports.ts', marker: '  // new:flow: fake types', line: `  readonly ${n.port.key}: ${n.fake.className};`, importLine: `import { ${n.fake.className} } from './fake-${n.port.file}';` },
    { path: 'test/src/fakes/create-fake-ports.ts', marker: '    // new:flow: fake ports', line: `    ${n.port.key}: new ${n.fake.className}(),` },
    {
      path: 'test/src/sandbox/sdk-handlers.ts',
      marker: '    // new:flow: product handlers',
      line: `    // ${P}: not implemented in the sandbox yet (./${n.port.file}-handlers).\n    ...${n.sandbox.factory}(ctx, SDK),\n`,
      importLine: `import { ${n.sandbox.factory} } from './${n.port.file}-handlers';`,
    },
  ];
  if (port.file) {
    registrations.push(
      { path: 'core/src/ports/index.ts', marker: '// new:flow: ports', line: `export type * from './${n.port.file}.port';` },
      {
        path: 'core/src/create-auth-core.ts',
        marker: '  // new:flow: product ports',
        line: `  readonly ${n.port.key}?: ${n.port.type};`,
        importLine: `import type { ${n.port.type} } from './ports/${n.port.file}.port';`,
      },
    );
  }
  return { files, registrations };
}

/** How a method that is not wired (or not implemented) answers, by its kind: never a pretence. */
function notWiredImplementation(method, failure) {
  switch (method.kind) {
    case 'result':
      return `() => Promise.resolve(fail(${failure}('${method.name}')))`;
    // A plain promise has no failure value: it rejects, as the deferred port's does when its code cannot load.
    case 'promise':
      return `() => Promise.reject(new Error(${failure}('${method.name}').serverMessage))`;
    case 'subscribe':
      return '() => () => undefined';
    case 'fire':
      return '() => undefined';
  }
}

function readRepositoryFile(path) {
  const absolute = join(root, path);
  return existsSync(absolute) ? readFileSync(absolute, 'utf8') : null;
}

/** `text` with `importLine` after its last import statement (single- or multi-line). */
function withImport(text, importLine) {
  const imports = [...text.matchAll(/^import [\s\S]*?from '[^']+';\n/gm)];
  const last = imports.at(-1);
  if (last === undefined) return `${importLine}\n${text}`;
  const end = last.index + last[0].length;
  return `${text.slice(0, end)}${importLine}\n${text.slice(end)}`;
}

/**
 * The repository's files with the slice's registrations applied: `{ path: text }` for each file a
 * registration changes. Throws when a marker is missing (the file changed shape).
 */
export function applyRegistrations(registrations, readSource = readRepositoryFile) {
  const changed = {};
  for (const registration of registrations) {
    let text = changed[registration.path] ?? readSource(registration.path);
    if (text === null) throw new Error(`${registration.path} does not exist.`);
    if (!text.includes(registration.marker)) throw new Error(`${registration.path} lost its "${registration.marker.trim()}" marker.`);
    text = text.replace(registration.marker, `${registration.line}\n${registration.marker}`);
    if (registration.importLine) text = withImport(text, registration.importLine);
    changed[registration.path] = text;
  }
  return changed;
}

function main(argv) {
  const dryRun = argv.includes('--dry-run');
  const name = argv.find((arg) => !arg.startsWith('--'));
  if (!name) {
    console.error(`Usage: pnpm new:flow <product> [--dry-run]   (one of: ${Object.keys(PRODUCTS).join(', ')})`);
    return 2;
  }
  const { files, registrations } = productSlice(name);
  const changed = applyRegistrations(registrations);
  if (dryRun) {
    console.log(JSON.stringify({ files: files.map((file) => file.path), registrations: Object.keys(changed) }, null, 2));
    return 0;
  }
  for (const file of files) {
    if (existsSync(join(root, file.path))) throw new Error(`${file.path} already exists: the ${name} product was generated before.`);
  }
  for (const file of files) {
    mkdirSync(dirname(join(root, file.path)), { recursive: true });
    writeFileSync(join(root, file.path), file.content);
    console.log(`wrote ${file.path}`);
  }
  for (const [path, text] of Object.entries(changed)) {
    writeFileSync(join(root, path), text);
    console.log(`registered in ${path}`);
  }
  const n = names(name, PRODUCTS[name]);
  console.log(`
${files.length} files written, ${Object.keys(changed).length} registrations. What is not wired yet, and says so:
- the product's call: ${n.core}/${name}.effects.ts (its screen shows 'not wired yet');
- the Stytch adapter's methods other than the one it wires: ${n.adapter.path};
- the sandbox's endpoints (${n.sandbox.path}) and the fake (${n.fake.path}): replace them, and the
  contract suite (${n.contract.path}), together;
- its words (core/src/domain/i18n/locales/*/${n.namespace}.ts): the SPEC's, where it quotes them.
Then: pnpm test.`);
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
