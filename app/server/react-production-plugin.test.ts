import { describe, expect, it } from 'vitest';
import { importedNames, namesReadFrom, reactProductionPlugin, withoutUnusedExports } from './react-production-plugin';

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
    expect(resolveId('react-dom/server', '/app/src/prerender.tsx')).toBeNull();
  });
});
