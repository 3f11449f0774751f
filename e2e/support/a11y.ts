import axe, { type AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Runs axe-core in the page and fails on any serious or critical violation, listing each rule
 * with the elements it flagged. The source is evaluated through the DevTools protocol rather than
 * a <script> tag, so the app's Content-Security-Policy does not block it (@axe-core/playwright
 * would do the same but needs Node 22).
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // Colours are read as painted: a dialog's backdrop or a list still fading in or out would be
  // measured half-transparent (a busy machine stretches those moments), so finite transitions and
  // animations finish first; endless ones (spinners, skeletons) are left running.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  await page.evaluate(axe.source);
  const results = await page.evaluate(
    () =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        resultTypes: ['violations'],
      }) as Promise<AxeResults>,
  );
  const blocking = results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
  if (blocking.length === 0) return;
  const report = blocking
    .map((violation) => {
      const targets = violation.nodes.map(
        (node) => `    - ${node.target.join(' ')}: ${node.failureSummary ?? ''}`,
      );
      return `  ${violation.impact} ${violation.id}: ${violation.help} (${violation.helpUrl})\n${targets.join('\n')}`;
    })
    .join('\n');
  throw new Error(
    `${blocking.length} serious/critical accessibility violation(s) on ${page.url()}:\n${report}`,
  );
}
