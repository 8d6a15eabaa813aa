import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseSync, type Plugin } from 'vite';

/** A package's module, by the package's name and the file's path inside it. */
interface PackageModule {
  readonly name: string;
  readonly file: string;
  /** The package that depends on it, when the app does not (React's scheduler is react-dom's). */
  readonly via?: string;
  /** What React's modules read of it that this build does not export (they check before use). */
  readonly absent?: readonly string[];
}

/** The packages whose unused exports the browser build drops: their CommonJS production builds. */
const TRIMMED_MODULES: readonly PackageModule[] = [
  { name: 'react', file: 'cjs/react.production.js' },
  { name: 'react-dom', file: 'cjs/react-dom.production.js' },
  // The renderer's scheduler; `log` and `unstable_setDisableYieldValue` are the test scheduler's.
  { name: 'scheduler', file: 'cjs/scheduler.production.js', via: 'react-dom', absent: ['log', 'unstable_setDisableYieldValue'] },
];

/** React's renderer (`react-dom/client`), which reads the packages' internals in the browser. */
const RENDERER_MODULE: PackageModule = { name: 'react-dom', file: 'cjs/react-dom-client.production.js' };

/**
 * The production module each of React's entry points chooses. The entry files only pick the build
 * by `NODE_ENV`, and react-dom's also let React DevTools check that the bundle's development
 * branch was removed (it was: this build's minifier removes it), at the cost of two more
 * CommonJS wrappers in the first load.
 */
const PRODUCTION_MODULES: Readonly<Record<string, PackageModule>> = {
  react: TRIMMED_MODULES[0] as PackageModule,
  'react/jsx-runtime': { name: 'react', file: 'cjs/react-jsx-runtime.production.js' },
  'react-dom': TRIMMED_MODULES[1] as PackageModule,
  'react-dom/client': RENDERER_MODULE,
  scheduler: TRIMMED_MODULES[2] as PackageModule,
};

const SOURCE_FILE = /\.tsx?$/;
const TEST_FILE = /\.test\.tsx?$/;
const IN_DEPENDENCY = /[\\/]node_modules[\\/]/;

/**
 * The names `code` imports or re-exports from package `from` (type-only imports left out). Throws
 * on an import the names cannot be read from: a namespace, default or dynamic import.
 */
export function importedNames(filename: string, code: string, from: string): string[] {
  const { module } = parseSync(filename, code);
  const names: string[] = [];
  const entries = [
    ...module.staticImports.filter((declaration) => declaration.moduleRequest.value === from).flatMap((declaration) => declaration.entries),
    ...module.staticExports.flatMap((declaration) => declaration.entries).filter((entry) => entry.moduleRequest?.value === from),
  ];
  for (const entry of entries) {
    if (entry.isType) continue;
    if (entry.importName.kind !== 'Name' || entry.importName.name === null) {
      throw new Error(`${filename} imports all of '${from}': import what it uses by name, so the build can drop the rest (app/server/react-production-plugin.ts).`);
    }
    names.push(entry.importName.name);
  }
  const quoted = new Set([`'${from}'`, `"${from}"`, `\`${from}\``]);
  if (module.dynamicImports.some(({ moduleRequest }) => quoted.has(code.slice(moduleRequest.start, moduleRequest.end)))) {
    throw new Error(`${filename} imports '${from}' dynamically: import what it uses by name (app/server/react-production-plugin.ts).`);
  }
  return names;
}

interface SyntaxNode {
  readonly type: string;
  readonly [field: string]: unknown;
}

const isSyntaxNode = (value: unknown): value is SyntaxNode => typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** Every node of `root` with its parent. */
function* nodesOf(root: SyntaxNode): Generator<readonly [SyntaxNode, SyntaxNode | null]> {
  const pending: (readonly [SyntaxNode, SyntaxNode | null])[] = [[root, null]];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    yield item;
    const [node] = item;
    for (const value of Object.values(node)) {
      for (const child of Array.isArray(value) ? value : [value]) if (isSyntaxNode(child)) pending.push([child, node]);
    }
  }
}

/**
 * What a CommonJS module reads from each of `packages` it requires into a variable
 * (`var React = require("react")`, then `React.version`). Throws when it uses a package's object
 * otherwise (passes it on, indexes it): what it needs of it cannot be known then.
 */
export function namesReadFrom(filename: string, code: string, packages: readonly string[]): Map<string, Set<string>> {
  const program = parseSync(filename, code, { lang: 'js', sourceType: 'script' }).program as unknown as SyntaxNode;
  const read = new Map(packages.map((name) => [name, new Set<string>()]));
  const required = new Map<string, string>();
  for (const [node] of nodesOf(program)) {
    const { id, init } = node as { id?: { name?: string }; init?: { type?: string; callee?: { name?: string }; arguments?: { value?: unknown }[] } };
    const name = init?.arguments?.[0]?.value;
    if (node.type === 'VariableDeclarator' && init?.type === 'CallExpression' && init.callee?.name === 'require' && typeof name === 'string' && read.has(name) && id?.name !== undefined) required.set(id.name, name);
  }
  for (const [node, parent] of nodesOf(program)) {
    const name = node.type === 'Identifier' ? required.get(node['name'] as string) : undefined;
    if (name === undefined || parent === null || (parent.type === 'VariableDeclarator' && parent['id'] === node)) continue;
    const property = parent['property'] as { name?: string } | undefined;
    if (parent.type !== 'MemberExpression' || parent['object'] !== node || parent['computed'] === true || property?.name === undefined) {
      throw new Error(`${filename} uses '${name}' other than by reading its exports: they cannot be trimmed (app/server/react-production-plugin.ts).`);
    }
    read.get(name)?.add(property.name);
  }
  return read;
}

/**
 * `code` (a CommonJS module) without its top-level `exports.<name> = …` statements for names not
 * in `keep`; the minifier then drops what only they used. The text removed becomes spaces (line
 * breaks kept), so positions, and the source map, stay as they were. Throws when a kept name is not
 * exported (React changed) or the module still reads an export it no longer has.
 */
export function withoutUnusedExports(filename: string, code: string, keep: ReadonlySet<string>): { readonly code: string; readonly removed: readonly string[] } {
  const { program } = parseSync(filename, code, { lang: 'js', sourceType: 'script' });
  const exported = new Set<string>();
  const removed: string[] = [];
  let trimmed = code;
  for (const statement of program.body) {
    if (statement.type !== 'ExpressionStatement' || statement.expression.type !== 'AssignmentExpression') continue;
    const { left } = statement.expression;
    if (left.type !== 'MemberExpression' || left.computed || left.object.type !== 'Identifier' || left.object.name !== 'exports' || left.property.type !== 'Identifier') continue;
    const { name } = left.property;
    exported.add(name);
    if (keep.has(name)) continue;
    removed.push(name);
    trimmed = trimmed.slice(0, statement.start) + code.slice(statement.start, statement.end).replace(/[^\n]/g, ' ') + trimmed.slice(statement.end);
  }
  const missing = [...keep].filter((name) => !exported.has(name));
  if (missing.length > 0) throw new Error(`${filename} does not export ${missing.join(', ')}: React changed (app/server/react-production-plugin.ts).`);
  const stillRead = removed.filter((name) => new RegExp(`\\bexports\\.${name}\\b`).test(trimmed));
  if (stillRead.length > 0) throw new Error(`${filename} reads its own exports ${stillRead.join(', ')}: they cannot be dropped.`);
  return { code: trimmed, removed };
}

/**
 * The renderer's tables that React's exports call into. While a component renders,
 * `ReactSharedInternals.H` is one of the hook dispatchers, and `useTransition()` is
 * `ReactSharedInternals.H.useTransition()`; react-dom's `preload()` is `Internals.d.L(…)` on the DOM
 * dispatcher the renderer installs (`ReactDOMSharedInternals.d = {…}`). Each table names every
 * entry's implementation, so the minifier keeps all of them (action state, optimistic updates,
 * transitions, resource hints…) even once the exports that call them are gone.
 */
const HOOK_DISPATCHERS = ['HooksDispatcherOnMount', 'HooksDispatcherOnUpdate', 'HooksDispatcherOnRerender'] as const;
const DOM_DISPATCHER = 'd';

/** What code may call of the renderer's tables ({@link HOOK_DISPATCHERS}, the DOM dispatcher). */
export interface DispatcherCalls {
  /** Every property name the code reads (a hook is called by its name, through whatever holds the dispatcher). */
  readonly hooks: ReadonlySet<string>;
  /** The DOM dispatcher's entries the code reads (`<internals>.d.<entry>`). */
  readonly dom: ReadonlySet<string>;
}

const isStaticMember = (node: SyntaxNode): node is SyntaxNode & { object: SyntaxNode; property: { name: string } } =>
  node.type === 'MemberExpression' && node['computed'] !== true && typeof (node['property'] as { name?: unknown } | undefined)?.name === 'string';

/**
 * What `code` (React's CommonJS, as the build keeps it) may call of the renderer's tables. Hooks are
 * counted by name wherever read, whatever the object (the renderer calls `dispatcher.useState()` on
 * a variable), which can only keep too much. The DOM dispatcher's entries are counted where read
 * off a `.d`; the renderer's own reads of `.d` are checked by {@link withoutUncalledDispatcherEntries}.
 */
export function dispatcherCalls(filename: string, code: string): DispatcherCalls {
  const program = parseSync(filename, code, { lang: 'js', sourceType: 'script' }).program as unknown as SyntaxNode;
  const hooks = new Set<string>();
  const dom = new Set<string>();
  for (const [node] of nodesOf(program)) {
    if (!isStaticMember(node)) continue;
    hooks.add(node.property.name);
    if (isStaticMember(node.object) && node.object.property.name === DOM_DISPATCHER) dom.add(node.property.name);
  }
  return { hooks, dom };
}

interface ObjectProperty {
  readonly start: number;
  readonly end: number;
  readonly key: { readonly name?: string };
}

/**
 * The renderer (`react-dom-client`) without the entries of its tables that nothing calls
 * (`calls`: what the kept code of React's modules reads, {@link dispatcherCalls}); the minifier then
 * drops what only they used. An entry is removed with its comma, the text becoming spaces (line
 * breaks kept), so positions and the source map stay as they were. Throws when React changed: a
 * table is missing, or the renderer reads its DOM dispatcher other than to keep the one it replaces.
 */
export function withoutUncalledDispatcherEntries(filename: string, code: string, calls: DispatcherCalls): { readonly code: string; readonly removed: readonly string[] } {
  const program = parseSync(filename, code, { lang: 'js', sourceType: 'script' }).program as unknown as SyntaxNode;
  const tables: { readonly name: string; readonly properties: readonly ObjectProperty[]; readonly called: ReadonlySet<string> }[] = [];
  for (const [node] of nodesOf(program)) {
    const { id, init } = node as { id?: { name?: string }; init?: SyntaxNode };
    if (node.type === 'VariableDeclarator' && HOOK_DISPATCHERS.some((name) => name === id?.name) && init?.type === 'ObjectExpression') {
      tables.push({ name: id?.name ?? '', properties: init['properties'] as ObjectProperty[], called: calls.hooks });
    }
  }
  // The DOM dispatcher: installed by a statement of the module's own (`<internals>.d = {…}`), once.
  const statements = program['body'] as SyntaxNode[];
  const installs = statements.flatMap((statement, index) => {
    const expression = statement['expression'] as SyntaxNode | undefined;
    const left = expression?.['left'] as SyntaxNode | undefined;
    const right = expression?.['right'] as SyntaxNode | undefined;
    return statement.type === 'ExpressionStatement' && expression?.type === 'AssignmentExpression' && left !== undefined && isStaticMember(left) && left.property.name === DOM_DISPATCHER && left.object.type === 'Identifier' && right?.type === 'ObjectExpression'
      ? [{ index, target: left, internals: left.object['name'] as string, properties: right['properties'] as ObjectProperty[] }]
      : [];
  });
  const missing = [...HOOK_DISPATCHERS].filter((name) => !tables.some((table) => table.name === name));
  const [install] = installs;
  if (missing.length > 0 || install === undefined || installs.length > 1) {
    throw new Error(`${filename}: ${missing.length > 0 ? `no ${missing.join(', ')}` : 'not one DOM dispatcher installed'}: React changed (app/server/react-production-plugin.ts).`);
  }
  // Before installing its table the renderer keeps the one it replaces (react-dom's, whose entries
  // do nothing) in a variable of the module, and its own entries call on through that one. Any
  // other read of the internals' dispatcher could reach its own table: its entries are then called.
  const captures = new Set(
    statements.slice(0, install.index).flatMap((statement) => (statement.type === 'VariableDeclaration' ? (statement['declarations'] as SyntaxNode[]).map((declarator) => declarator['init']) : [])),
  );
  const called = new Set(calls.dom);
  for (const [node, parent] of nodesOf(program)) {
    if (node === install.target || captures.has(node) || !isStaticMember(node) || node.property.name !== DOM_DISPATCHER || node.object['name'] !== install.internals) continue;
    if (parent === null || !isStaticMember(parent) || parent.object !== node) throw new Error(`${filename} reads its DOM dispatcher whole: which entries it calls cannot be known (app/server/react-production-plugin.ts).`);
    called.add(parent.property.name);
  }
  tables.push({ name: `${install.internals}.${DOM_DISPATCHER}`, properties: install.properties, called });
  tables.sort((a, b) => (a.properties[0]?.start ?? 0) - (b.properties[0]?.start ?? 0));

  const removed: string[] = [];
  let trimmed = code;
  const blank = (start: number, end: number) => void (trimmed = trimmed.slice(0, start) + code.slice(start, end).replace(/[^\n]/g, ' ') + trimmed.slice(end));
  for (const table of tables) {
    table.properties.forEach((property, index) => {
      const key = property.key.name;
      if (key === undefined || table.called.has(key)) return;
      removed.push(`${table.name}.${key}`);
      // The entry and the comma after it (the last one: the comma before it).
      const next = table.properties[index + 1];
      if (next !== undefined) blank(property.start, next.start);
      else blank(table.properties[index - 1]?.end ?? property.start, property.end);
    });
  }
  return { code: trimmed, removed };
}

/** The TypeScript sources under `root` a build may bundle: no tests, dependencies or build output. */
function sourceFiles(root: string): string[] {
  return readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE_FILE.test(entry.name) && !TEST_FILE.test(entry.name) && !/[\\/](node_modules|dist)([\\/]|$)/.test(entry.parentPath))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * React in the browser build, as much of it as the app uses.
 *
 * - Its production modules are bundled directly ({@link PRODUCTION_MODULES}), not through the
 *   entry files that choose them (0.2 kB gzip of /login's first load).
 * - React publishes CommonJS only, and rolldown keeps every export of a CommonJS module whose
 *   object is shared between chunks, as React's is with each lazily loaded one: class components,
 *   `Children`, `cloneElement`, `createPortal`, `preload`… all shipped in the first load. The
 *   exports of `react` and `react-dom` nothing imports are dropped, and the minifier drops the code
 *   only they used (2.6 kB gzip); so are the scheduler's the renderer does not read (0.2 kB).
 * - The renderer's dispatchers lose the entries that no kept code calls (`useTransition`,
 *   `useActionState`, `preload`…, {@link withoutUncalledDispatcherEntries}), and the minifier
 *   drops their implementations (2.6 kB gzip).
 *
 * Kept: what the sources under `sourceRoots` import from each package (read when the build starts)
 * and what React's own modules read from each other (the internals, `version`); of the dispatchers,
 * every entry whose name that code reads. The build fails
 * when a module it bundles imports a dropped export or a whole package, or when a dependency other
 * than React requires one (what it needs of it is not known).
 */
export function reactProductionPlugin(sourceRoots: readonly string[]): Plugin {
  // The files as the bundler names them (real paths), resolved from the app.
  const require = createRequire(import.meta.url);
  const pathOf = ({ name, file, via }: PackageModule) => join(dirname((via === undefined ? require : createRequire(require.resolve(`${via}/package.json`))).resolve(`${name}/package.json`)), file);
  const trimmed = new Map(TRIMMED_MODULES.map((module) => [pathOf(module), module.name]));
  const renderer = pathOf(RENDERER_MODULE);
  const packages = TRIMMED_MODULES.map(({ name }) => name);
  const kept = new Map(packages.map((name) => [name, new Set<string>()]));
  const imported = new Map(packages.map((name) => [name, new Set<string>()]));
  // What the kept code of React's modules may call of the renderer's tables, known once `kept` is.
  let calls: DispatcherCalls = { hooks: new Set(), dom: new Set() };
  const absent = new Map(TRIMMED_MODULES.map((module) => [module.name, module.absent ?? []]));
  const keep = (names: ReadonlyMap<string, Iterable<string>>) => {
    for (const [name, used] of names) for (const exported of used) if (!absent.get(name)?.includes(exported)) kept.get(name)?.add(exported);
  };
  const importsOf = (file: string, code: string) => new Map(packages.map((name) => [name, code.includes(name) ? importedNames(file, code, name) : []]));
  return {
    name: 'vestibule-react-production',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    buildStart() {
      for (const names of kept.values()) names.clear();
      for (const module of [renderer, ...trimmed.keys()]) keep(namesReadFrom(module, readFileSync(module, 'utf8'), packages));
      for (const file of sourceRoots.flatMap(sourceFiles)) keep(importsOf(file, readFileSync(file, 'utf8')));
      // Every React module the build bundles, as it keeps it.
      const read = Object.values(PRODUCTION_MODULES).map((module) => {
        const file = pathOf(module);
        const name = trimmed.get(file);
        const code = readFileSync(file, 'utf8');
        return dispatcherCalls(file, name === undefined ? code : withoutUnusedExports(file, code, kept.get(name) ?? new Set()).code);
      });
      calls = { hooks: new Set(read.flatMap((one) => [...one.hooks])), dom: new Set(read.flatMap((one) => [...one.dom])) };
    },
    resolveId(source, importer) {
      if (importer !== undefined && packages.includes(source) && IN_DEPENDENCY.test(importer) && importer !== renderer && !trimmed.has(importer)) {
        this.error(`${importer} requires '${source}': what it needs of it is not known, so its exports cannot be trimmed (app/server/react-production-plugin.ts).`);
      }
      const production = PRODUCTION_MODULES[source];
      return production === undefined ? null : pathOf(production);
    },
    transform(code, id) {
      const name = trimmed.get(id);
      if (name !== undefined) return { code: withoutUnusedExports(id, code, kept.get(name) ?? new Set()).code, map: null };
      if (id === renderer) return { code: withoutUncalledDispatcherEntries(id, code, calls).code, map: null };
      if (SOURCE_FILE.test(id) && !IN_DEPENDENCY.test(id)) {
        for (const [name, used] of importsOf(id, code)) for (const exported of used) imported.get(name)?.add(exported);
      }
      return null;
    },
    generateBundle() {
      for (const [name, used] of imported) {
        const dropped = [...used].filter((exported) => !kept.get(name)?.has(exported));
        if (dropped.length > 0) this.error(`'${name}' exports ${dropped.join(', ')} were dropped, yet a module outside ${sourceRoots.join(', ')} imports them (app/server/react-production-plugin.ts).`);
      }
    },
  };
}
