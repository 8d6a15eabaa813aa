import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { dispatcherCalls, importedNames, namesReadFrom, reactProductionPlugin, withoutUncalledDispatcherEntries, withoutUnusedExports } from './react-production-plugin';

describe("dropping React's unused exports", () => {
  it('reads the names a module imports or re-exports from a package, leaving type-only imports out', () => {
    const code = [
      "import { useState, type ReactNode, lazy as lazily } from 'react';",
      "import type { FC } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      "export { use } from 'react';",
    ].join('\n');
    expect(importedNames('page.tsx', code, 'react')).toEqual(['useState', 'lazy', 'use']);
    expect(importedNames('page.tsx', code, 'react-dom')).toEqual([]);
  });

  it('refuses an import the names cannot be read from', () => {
    expect(() => importedNames('a.tsx', "import * as React from 'react';", 'react')).toThrow(/imports all of 'react'/);
    expect(() => importedNames('a.tsx', "import React from 'react';", 'react')).toThrow(/imports all of 'react'/);
    expect(() => importedNames('a.ts', "export * from 'react';", 'react')).toThrow(/imports all of 'react'/);
    expect(() => importedNames('a.ts', "const react = import('react');", 'react')).toThrow(/dynamically/);
  });

  it("reads what a CommonJS module reads from the packages it requires, and refuses one used whole", () => {
    const renderer = 'var Scheduler = require("scheduler"),\n  React = require("react");\nvar internals = React.__INTERNALS, v = React.version;\nthrow Error("Minified React error");';
    expect(namesReadFrom('renderer.js', renderer, ['react'])).toEqual(new Map([['react', new Set(['__INTERNALS', 'version'])]]));
    expect(() => namesReadFrom('other.js', 'var React = require("react");\nuse(React);', ['react'])).toThrow(/uses 'react' other than by reading its exports/);
    expect(() => namesReadFrom('other.js', 'var React = require("react");\nReact[name]();', ['react'])).toThrow(/uses 'react' other than by reading its exports/);
  });

  it('blanks the exports not kept, so positions (and source maps) stay as they were', () => {
    const code = ['"use strict";', 'function helper() { return 1; }', 'exports.kept = function () {', '  return helper();', '};', 'exports.dropped = function () {', '  return 2;', '};', 'exports.version = "1";'].join('\n');
    const { code: trimmed, removed } = withoutUnusedExports('react.js', code, new Set(['kept', 'version']));
    expect(removed).toEqual(['dropped']);
    expect(trimmed).toHaveLength(code.length);
    expect(trimmed.split('\n')).toHaveLength(code.split('\n').length);
    expect(trimmed).not.toContain('dropped');
    expect(trimmed).toContain('exports.kept = function () {');
    expect(trimmed).toContain('exports.version = "1";');
  });

  it('fails when a kept name is not exported (React changed) or a dropped export is still read', () => {
    expect(() => withoutUnusedExports('react.js', 'exports.a = 1;', new Set(['a', 'b']))).toThrow(/does not export b/);
    expect(() => withoutUnusedExports('react.js', 'exports.a = 1;\nexports.b = function () { return exports.a; };', new Set(['b']))).toThrow(/reads its own exports a/);
  });

  it("bundles React's production modules directly, not the entry files that choose them", () => {
    const resolveId = reactProductionPlugin([]).resolveId as (source: string, importer: string) => string | null;
    expect(resolveId('react', '/app/src/main.tsx')).toMatch(/react\/cjs\/react\.production\.js$/);
    expect(resolveId('react/jsx-runtime', '/app/src/main.tsx')).toMatch(/react\/cjs\/react-jsx-runtime\.production\.js$/);
    expect(resolveId('react-dom/client', '/app/src/main.tsx')).toMatch(/react-dom\/cjs\/react-dom-client\.production\.js$/);
    // React's scheduler too, found through react-dom, whose dependency it is.
    expect(resolveId('scheduler', '/app/src/main.tsx')).toMatch(/scheduler\/cjs\/scheduler\.production\.js$/);
    expect(resolveId('react-dom/server', '/app/src/prerender.tsx')).toBeNull();
  });
});

describe("dropping the entries of React's dispatchers that nothing calls", () => {
  const renderer = [
    'var Internals = React.__DOM_INTERNALS;',
    'var HooksDispatcherOnMount = { readContext: readContext, useState: mountState, useTransition: function () {',
    '    return mountTransition();',
    '  }, useId: mountId },',
    '  HooksDispatcherOnUpdate = { useState: updateState, useTransition: updateTransition },',
    '  HooksDispatcherOnRerender = { useTransition: rerenderTransition, useState: rerenderState };',
    'function TransitionAwareHostComponent() { var dispatcher = Internals.H; return dispatcher.useId(); }',
    'var previousDispatcher = Internals.d;',
    'Internals.d = { f: flushSyncWork, L: preload, X: preinitScript };',
    'function preload(href) { previousDispatcher.L(href); }',
  ].join('\n');
  const calls = (hooks: string[], dom: string[] = []) => ({ hooks: new Set(hooks), dom: new Set(dom) });

  it('reads which hooks and DOM dispatcher entries code may call', () => {
    const code = 'exports.useState = function (s) { return Internals.H.useState(s); };\nexports.preload = function (h) { Internals.d.L(h); };\nvar other = thing.useId;';
    const read = dispatcherCalls('react.js', code);
    expect(read.hooks).toEqual(new Set(['useState', 'H', 'preload', 'L', 'd', 'useId']));
    expect(read.dom).toEqual(new Set(['L']));
  });

  it('blanks the entries not called, commas included, so the code parses and positions stay as they were', () => {
    const { code, removed } = withoutUncalledDispatcherEntries('renderer.js', renderer, calls(['useState', 'useId'], ['L']));
    expect(removed).toEqual([
      'HooksDispatcherOnMount.readContext',
      'HooksDispatcherOnMount.useTransition',
      'HooksDispatcherOnUpdate.useTransition',
      'HooksDispatcherOnRerender.useTransition',
      'Internals.d.f',
      'Internals.d.X',
    ]);
    expect(code).toHaveLength(renderer.length);
    expect(code.split('\n')).toHaveLength(renderer.split('\n').length);
    expect(parseSync('renderer.js', code, { lang: 'js', sourceType: 'script' }).errors).toEqual([]);
    expect(code).not.toMatch(/Transition\b|flushSyncWork|preinitScript/);
    expect(code).toContain('useState: mountState');
    expect(code).toContain('L: preload');
  });

  it("counts the renderer's own calls through its DOM dispatcher, and refuses reads of it whole", () => {
    const calling = `${renderer}\nfunction flush() { Internals.d.f(); }`;
    expect(withoutUncalledDispatcherEntries('renderer.js', calling, calls(['useState'])).removed).not.toContain('Internals.d.f');
    expect(() => withoutUncalledDispatcherEntries('renderer.js', `${renderer}\nvar table = Internals.d;`, calls([]))).toThrow(/reads its DOM dispatcher whole/);
  });

  it('fails when a dispatcher is missing (React changed)', () => {
    expect(() => withoutUncalledDispatcherEntries('renderer.js', renderer.replace('HooksDispatcherOnUpdate', 'OtherName'), calls([]))).toThrow(/no HooksDispatcherOnUpdate/);
    expect(() => withoutUncalledDispatcherEntries('renderer.js', renderer.replace('Internals.d = {', 'Internals.e = {'), calls([]))).toThrow(/not one DOM dispatcher/);
  });

  it("keeps, in React's own modules, exactly the hooks the kept exports call", () => {
    const require = createRequire(import.meta.url);
    const pathOf = (name: string, file: string) => join(dirname(require.resolve(`${name}/package.json`)), file);
    const [react, client] = [pathOf('react', 'cjs/react.production.js'), pathOf('react-dom', 'cjs/react-dom-client.production.js')];
    const clientCode = readFileSync(client, 'utf8');
    const removedWith = (exported: string[]) => {
      const keep = new Set([...(namesReadFrom(client, clientCode, ['react']).get('react') ?? []), ...exported]);
      const reactCode = withoutUnusedExports(react, readFileSync(react, 'utf8'), keep).code;
      const read = [dispatcherCalls(react, reactCode), dispatcherCalls(client, clientCode)];
      return withoutUncalledDispatcherEntries(client, clientCode, { hooks: new Set(read.flatMap((one) => [...one.hooks])), dom: new Set(read.flatMap((one) => [...one.dom])) }).removed;
    };
    const removed = removedWith(['useState', 'useEffect']);
    expect(removed).toContain('HooksDispatcherOnMount.useTransition');
    expect(removed).toContain('HooksDispatcherOnRerender.useActionState');
    expect(removed).not.toContain('HooksDispatcherOnMount.useState');
    expect(removed).not.toContain('HooksDispatcherOnUpdate.useEffect');
    expect(removedWith(['useState', 'useEffect', 'useTransition'])).not.toContain('HooksDispatcherOnMount.useTransition');
  });
});
