import axe from 'axe-core';
import type { AxeResults, Result, RunOptions } from 'axe-core';

/** WCAG 2.1 A and AA rules, as axe-core checks them: the same set the browser test runs. */
export const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

// jsdom lays nothing out and paints nothing, so axe cannot compute colours there: the colour
// rules would only report "incomplete". The browser test (test/e2e/accessibility.e2e.ts) keeps
// colour contrast on the real pages.
const JSDOM_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: [...WCAG_21_AA_TAGS] },
  rules: { 'color-contrast': { enabled: false } },
  // Passes are not asserted: they are reported without their nodes, which makes each run faster.
  resultTypes: ['violations', 'incomplete'],
};

/**
 * A 2D canvas context for axe in jsdom, which has none. axe draws text on a canvas to tell icon-font
 * ligatures from words (for 'label-content-name-mismatch'); without one it skips that rule on the
 * whole screen. Here every glyph has width and ink, so all text reads as text: true of these
 * screens, whose icons are images or `aria-hidden` characters, never icon fonts.
 */
function textOnlyCanvasContext(canvas: HTMLCanvasElement) {
  return {
    canvas,
    font: '',
    textAlign: 'left',
    textBaseline: 'top',
    measureText: (text: string) => ({ width: 10 * text.length }),
    fillText: () => undefined,
    clearRect: () => undefined,
    getImageData: (_x: number, _y: number, width: number, height: number) => ({ data: new Uint8ClampedArray(Math.ceil(width) * Math.ceil(height) * 4).fill(255) }),
  };
}

async function runAxe(container: Element): Promise<AxeResults> {
  const { prototype } = HTMLCanvasElement;
  const getContext = Object.getOwnPropertyDescriptor(prototype, 'getContext');
  Object.defineProperty(prototype, 'getContext', {
    configurable: true,
    value(this: HTMLCanvasElement) {
      return textOnlyCanvasContext(this);
    },
  });
  try {
    return await axe.run(container, JSDOM_OPTIONS);
  } finally {
    if (getContext) Object.defineProperty(prototype, 'getContext', getContext);
  }
}

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
  const { violations, incomplete } = await runAxe(container);
  if (violations.length > 0) {
    throw new Error(`axe-core found ${violations.length} accessibility violation(s):\n\n${describeViolations(violations)}`);
  }
  // A rule that throws is reported as "needs review" and skipped for the whole tree: fail instead,
  // or a rule jsdom cannot run would pass every screen unseen.
  const failedRules = incomplete.filter((result) => 'error' in result);
  if (failedRules.length > 0) {
    throw new Error(`axe-core could not run ${failedRules.map((result) => result.id).join(', ')} in jsdom:\n\n${describeViolations(failedRules)}`);
  }
}
