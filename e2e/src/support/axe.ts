/**
 * axe-core (Deque's accessibility engine) run inside a page: the WCAG 2.0 and 2.1 level A and AA
 * rules, and a readable list of what failed.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** The rule tags of WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Rules turned off, each with its reason. Empty: every WCAG A/AA rule applies. A rule added
 * here must say why it cannot apply (not merely that it fails).
 */
const DISABLED_RULES: Record<string, string> = {};

interface AxeNode {
  target: string[];
  html: string;
  failureSummary?: string;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

let source: Promise<string> | undefined;

function axeSource(): Promise<string> {
  const require = createRequire(import.meta.url);
  source ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  return source;
}

/**
 * Runs axe on the page as it is now. The engine's source is evaluated in the page when it is not
 * there yet (a navigation drops it): through the DevTools protocol, not as a script element,
 * which the server's hash-based Content-Security-Policy refuses (and the e2e CSP guard reports).
 */
export async function scanPage(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(await axeSource());
  return page.evaluate(
    async ({ tags, disabled }) => {
      const axe = (window as unknown as { axe: AxeApi }).axe;
      const rules = Object.fromEntries(disabled.map((id) => [id, { enabled: false }]));
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules,
        resultTypes: ['violations'],
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({
          target: n.target.map(String),
          html: n.html.slice(0, 200),
          failureSummary: n.failureSummary,
        })),
      }));
    },
    { tags: WCAG_TAGS, disabled: Object.keys(DISABLED_RULES) },
  );
}

/** The parts of axe's API used above (axe-core's own types describe the Node side). */
interface AxeApi {
  run(
    context: Document,
    options: object,
  ): Promise<{
    violations: {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: unknown[]; html: string; failureSummary?: string }[];
    }[];
  }>;
}

/** One line per failing element: `rule (impact): target — summary`. */
export function describeViolations(violations: AxeViolation[]): string[] {
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id} (${v.impact ?? '?'}): ${n.target.join(' ')} ${n.html}\n      ${(n.failureSummary ?? v.help).replace(/\n/g, ' ')}`,
    ),
  );
}
