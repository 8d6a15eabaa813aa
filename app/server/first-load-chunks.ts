import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Everything the entry imports at once (rolldown's `$initial` tag: the entry's static dependency
 * chain) in one file, the entry's own.
 *
 * Left to itself, rolldown moves modules the first load shares with lazily loaded chunks (React,
 * the stores, provider calls; Main's slots import React too) out of the entry into extra
 * first-load files, and which ones, and how many, depends on the order it merges common chunks in
 * (rolldown/rolldown#9963): a change to one lazy page could add a file, and its gzip overhead, to
 * /login. Earlier this named a list of such modules; the tag names them all, so nothing new can
 * slip into a file of its own (rolldown's own runtime helpers included). Lazy chunks then import
 * the shared modules from the entry, which a page has loaded anyway.
 */
export const SHARED_RUNTIME_GROUP = {
  name: 'runtime',
  tags: ['$initial' as const],
};

/**
 * One chunk per Main slot: its machine (`<id>.slot.ts` in the core), its view (`<id>.slot-view.tsx`
 * in the UI) and its own domain rules (`core/src/domain/<id>/<id>-*.ts`, e.g. the OAuth buttons'
 * order, which the callback page shares). Left to itself, rolldown makes each of
 * these a file of its own: three files in the first load of a page that shows the slot (/login
 * preloads them), each with its own gzip overhead. The ids come from the source tree, so a new
 * product's slot is grouped without an edit here.
 */
export function slotGroups(coreRoot: string): { readonly name: string; readonly includeDependenciesRecursively: boolean; readonly test: RegExp }[] {
  const products = join(coreRoot, 'src/widget/products');
  const ids = readdirSync(products, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((product) => readdirSync(join(products, product.name)).filter((file) => file.endsWith('.slot.ts')))
    .map((file) => file.slice(0, -'.slot.ts'.length));
  // Only these modules: what they import stays where it is (mostly the first load already).
  return ids.map((id) => ({ name: `${id}.slot`, includeDependenciesRecursively: false, test: new RegExp(`(/${id}\\.slot(-view)?\\.tsx?|/core/src/domain/${id}/${id}-[^/]+\\.ts)$`) }));
}
