import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { PRODUCTS, applyRegistrations, productSlice } from '../../scripts/new-product.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
type File = { path: string; content: string };
type Registration = { path: string; marker: string; line: string; importLine?: string };
type Slice = { files: File[]; registrations: Registration[] };
const slice = (name: string, options?: object) => productSlice(name, options) as Slice;
const changedFiles = (registrations: Registration[]) => applyRegistrations(registrations) as Record<string, string>;
/** The products still to generate (once generated into this checkout, a product is checked as an existing one). */
const NAMES = Object.keys(PRODUCTS as Record<string, unknown>).filter((name) => !existsSync(join(root, 'core/src/widget/products', name)));

/** The role suffixes of the files in `folder` named `<folder name>.<role>` (`main-block.ts`, `screens.tsx`, …). */
function roles(folder: string): string[] {
  const name = folder.slice(folder.lastIndexOf('/') + 1);
  return readdirSync(join(root, folder))
    .filter((file) => file.startsWith(`${name}.`))
    .map((file) => file.slice(name.length + 1));
}
const productFolders = (layer: string) => readdirSync(join(root, layer)).map((name) => `${layer}/${name}`);

/** What every product folder holds today, in the core and in the UI. */
const CORE_ROLES = ['types.ts', 'machine.ts', 'effects.ts', 'view.ts', 'module.ts', 'main-block.ts'];
const UI_ROLES = ['fixtures.tsx'];

describe('pnpm new:flow (a product slice generator)', () => {
  it('holds the existing products to the convention it writes: the same roles in every product folder', () => {
    for (const folder of productFolders('core/src/widget/products')) expect(roles(folder), folder).toEqual(expect.arrayContaining(CORE_ROLES));
    for (const folder of productFolders('ui/src/widget/products')) expect(roles(folder), folder).toEqual(expect.arrayContaining(UI_ROLES));
    // A slot's machine and view go together (the pre-renderer and the size check pair them by name).
    for (const folder of productFolders('core/src/widget/products')) {
      for (const role of roles(folder).filter((file) => file.endsWith('.slot.ts'))) expect(existsSync(join(root, folder.replace(/^core/, 'ui'), role.replace('.slot.ts', '.slot-view.tsx')))).toBe(true);
    }
  });

  it.skipIf(NAMES.length === 0).each(NAMES)('writes the whole slice for %s: a folder per layer, the roles of every product, and its port, fake, contract, sandbox stub and smoke test', (name) => {
    const { files } = slice(name);
    const paths = files.map((file) => file.path);
    const core = `core/src/widget/products/${name}/${name}.`;
    const ui = `ui/src/widget/products/${name}/${name}.`;
    expect(paths).toEqual(expect.arrayContaining([...CORE_ROLES, 'slot.ts'].map((role) => core + role)));
    expect(paths).toEqual(expect.arrayContaining([...UI_ROLES, 'screens.tsx', 'slot-view.tsx'].map((role) => ui + role)));
    expect(paths).toEqual(expect.arrayContaining([`core/src/domain/i18n/locales/en/${name}.ts`, `core/src/domain/i18n/locales/fr/${name}.ts`, `test/e2e/${name}.e2e.ts`]));
    for (const layer of [/^adapters\/src\/stytch\/stytch-[\w-]+\.adapter\.ts$/, /^app\/src\/composition\/adapters\/[\w-]+\.adapters\.ts$/, /^test\/src\/fakes\/fake-[\w-]+\.ts$/, /^test\/contract\/[\w-]+\.contract\.test\.ts$/, /^test\/src\/sandbox\/[\w-]+-handlers\.ts$/]) {
      expect(paths.filter((path) => layer.test(path)), String(layer)).toHaveLength(1);
    }
    // Nothing of the generator's own left in what it wrote (a name it did not fill in).
    expect(files.map((file) => file.content).join('\n')).not.toMatch(/\$\{(P|id|n\.|spec|wired)\b|'undefined'|[A-Za-z]undefined|undefined[A-Za-z]|\[object Object\]/);
  });

  it.skipIf(!NAMES.includes('passkeys'))('reuses a port that exists (passkeys, wallets) and writes one, registered, for a product without', () => {
    expect(slice('passkeys').files.some((file) => file.path.startsWith('core/src/ports/'))).toBe(false);
    const spec = {
      ...(PRODUCTS as Record<string, { port: object }>)['passkeys'],
      port: { key: 'loyaltyCards', type: 'LoyaltyCardsPort', methods: ['authenticate(request: { readonly sessionDurationMinutes: number; readonly conditionalMediation: boolean }, options?: CallOptions): Promise<Result<ProviderSession>>;'] },
    };
    const { files, registrations } = slice('passkeys', { spec });
    expect(files.map((file) => file.path)).toContain('core/src/ports/loyalty-cards.port.ts');
    expect(registrations.map((registration) => registration.path)).toEqual(expect.arrayContaining(['core/src/ports/index.ts', 'core/src/create-auth-core.ts']));
  });

  it('registers through markers that exist in the real files, changing at most 10 of them for each product', () => {
    for (const name of NAMES) expect(Object.keys(changedFiles(slice(name).registrations)).length).toBeLessThanOrEqual(10);
  });

  it('refuses a name that is not a product of the widget', () => {
    expect(() => slice('billing')).toThrow(/Unknown product/);
  });

  it.skipIf(NAMES.length === 0)('writes code that typechecks in every project it touches, with every product generated at once', () => {
    const generated = NAMES.map((name) => slice(name));
    const overlay = new Map<string, string>();
    for (const { files } of generated) for (const file of files) overlay.set(join(root, file.path), file.content);
    for (const [path, text] of Object.entries(changedFiles(generated.flatMap(({ registrations }) => registrations)))) overlay.set(join(root, path), text);
    const diagnostics = typecheck(overlay);
    expect(diagnostics).toEqual([]);
  }, 120_000);
});

/** The TypeScript projects of the repository (tsconfig.json's references), by their folder. */
const PROJECTS = ['core', 'adapters', 'ui', 'app', 'test', 'test/contract'];

/**
 * Type errors in the files of `overlay` (new or changed, absolute path → text), each checked in the
 * project that owns it, as `tsc -b` would, without writing anything: one in-memory program per
 * project, its references read from source (a generated export is not in their build output).
 */
function typecheck(overlay: Map<string, string>): string[] {
  const parsedFiles = new Map<string, ts.SourceFile | undefined>();
  const errors: string[] = [];
  const owner = (path: string) => [...PROJECTS].sort((a, b) => b.length - a.length).find((project) => relative(join(root, project), path).split('/')[0] !== '..');
  for (const project of PROJECTS) {
    const configPath = join(root, project, 'tsconfig.json');
    const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => errors.push(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')) });
    if (config === undefined) continue;
    const checked = [...overlay.keys()].filter((path) => owner(path) === project && /\.tsx?$/.test(path));
    if (checked.length === 0) continue;
    const options: ts.CompilerOptions = { ...config.options, noEmit: true, composite: false, declaration: false, emitDeclarationOnly: false, incremental: false };
    const host = ts.createCompilerHost(options, true);
    const readFile = (path: string) => overlay.get(path) ?? ts.sys.readFile(path);
    host.readFile = readFile;
    host.fileExists = (path) => overlay.has(path) || ts.sys.fileExists(path);
    // A new product's folders exist only in the overlay.
    host.directoryExists = (path) => ts.sys.directoryExists(path) || [...overlay.keys()].some((file) => file.startsWith(`${path}/`));
    host.getSourceFile = (path, languageVersion) => {
      // Parsed once across projects (the same text, the same target).
      const key = `${String(languageVersion)}:${path}`;
      if (!parsedFiles.has(key)) {
        const text = readFile(path);
        parsedFiles.set(key, text === undefined ? undefined : ts.createSourceFile(path, text, languageVersion, true));
      }
      return parsedFiles.get(key);
    };
    const program = ts.createProgram({ rootNames: [...new Set([...config.fileNames, ...checked])], options, host });
    for (const path of checked) {
      const source = program.getSourceFile(path);
      if (source === undefined) {
        errors.push(`${relative(root, path)}: not part of ${project}'s program`);
        continue;
      }
      for (const diagnostic of [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]) {
        const { line } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
        errors.push(`${relative(root, path)}:${line + 1}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
      }
    }
  }
  return errors;
}
