import axe from 'axe-core';
import type { Result, RunOptions } from 'axe-core';

/** WCAG 2.1 A and AA rules, as axe-core checks them: the same set the browser test runs. */
export const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

// jsdom lays nothing out and paints nothing, so axe cannot compute colours there: the colour
// rules would only report "incomplete". The browser test (test/e2e/accessibility.e2e.ts) keeps
// colour contrast on the real pages.
const JSDOM_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: [...WCAG_21_AA_TAGS] },
  rules: { 'color-contrast': { enabled: false } },
  // Only what is wrong; passes and "needs review" make each run slower and are not asserted.
  resultTypes: ['violations'],
};

/** One line per rule, then each offending element with what to fix and its markup. */
export function describeViolations(violations: readonly Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const summary = (node.failureSummary ?? '').split('\n').map((line) => `      ${line.trim()}`);
        return [`    at ${node.target.join(' ')}`, `      ${node.html}`, ...summary].join('\n');
      });
      return [`${violation.id} (${violation.impact ?? 'unrated'}): ${violation.help}`, `    ${violation.helpUrl}`, ...nodes].join('\n');
    })
    .join('\n\n');
}

/**
 * Runs axe-core (WCAG 2.1 A and AA, without colour contrast) on a rendered tree in jsdom and
 * fails with a readable list of what is wrong, element by element. Rules about the whole page
 * (title, `lang`) do not apply to a tree inside the test's body.
 */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const { violations } = await axe.run(container, JSDOM_OPTIONS);
  if (violations.length > 0) {
    throw new Error(`axe-core found ${violations.length} accessibility violation(s):\n\n${describeViolations(violations)}`);
  }
}
