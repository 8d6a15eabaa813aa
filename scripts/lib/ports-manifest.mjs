// The app's ports manifest (app/src/composition/ports.manifest.ts) read as text: its ports grouped
// by the adapter module they load from, with the source lines each group takes, so the size
// scripts can say what each product's ports cost the first load (through the source map).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The manifest as the app's source maps name it (relative to app/). */
export const PORTS_MANIFEST_SOURCE = 'src/composition/ports.manifest.ts';
const MANIFEST_PATH = fileURLToPath(new URL(`../../app/${PORTS_MANIFEST_SOURCE}`, import.meta.url));

/** The module the composition's own ports load from (the container chunk). */
export const COMPOSITION_MODULE = 'container';

/**
 * `[{ module, ports, lines }]`: per adapter module (`container`, or a product's `<name>` for
 * `adapters/<name>.adapters.ts`), its ports and the 0-based source lines of its loader and entries.
 * Throws when the manifest's layout is not one it can read (then this reader needs updating).
 */
export function readPortGroups(path = MANIFEST_PATH) {
  const lines = readFileSync(path, 'utf8').split('\n');
  const loaders = new Map();
  lines.forEach((line, index) => {
    const match = /^(?:export )?const (\w+) = \(\) => import\('\.\/(?:adapters\/)?([\w-]+)(?:\.adapters)?'\);/.exec(line);
    if (match) loaders.set(match[1], { module: match[2], ports: [], lines: [index] });
  });
  for (let index = 0; index < lines.length; index++) {
    const match = /^\s+(\w+): \{ load: (\w+),/.exec(lines[index]);
    if (!match) continue;
    const group = loaders.get(match[2]);
    if (!group) throw new Error(`${PORTS_MANIFEST_SOURCE}:${index + 1}: port '${match[1]}' loads from '${match[2]}', which is not declared as () => import('…')`);
    group.ports.push(match[1]);
    // The entry runs until its braces close (one line, or several if it was wrapped).
    let depth = 0;
    for (let end = index; end < lines.length; end++) {
      group.lines.push(end);
      depth += (lines[end].match(/\{/g) ?? []).length - (lines[end].match(/\}/g) ?? []).length;
      if (depth <= 0) {
        index = end;
        break;
      }
    }
  }
  const groups = [...loaders.values()].filter((group) => group.ports.length > 0);
  if (groups.length === 0) throw new Error(`${PORTS_MANIFEST_SOURCE}: found no '<port>: { load: <loader>, … }' entries`);
  return groups;
}
