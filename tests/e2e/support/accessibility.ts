import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.1 A and AA; a violation fails the test when axe rates it serious or critical. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** Loading placeholders: a page showing one has not settled yet. */
const LOADING = '.MuiSkeleton-root, .MuiCircularProgress-root, [aria-busy="true"]';
const SETTLE_POLL_MS = 100;
const SETTLE_LIMIT_MS = 5_000;

/** Errors that only mean the page navigated or closed while it was being checked. */
const PAGE_MOVED_ON =
  /Execution context was destroyed|Target (page, context or browser )?(has been )?closed|frame was detached|navigat/i;

export interface AccessibilityFinding {
  url: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs axe on a test's page after every navigation (once the page has settled) and once more at the end of the test,
 * one check at a time, and fails the test with every serious or critical violation it met. The waiting is done from
 * here, not in the page, so that a test that fakes the page's clock does not stall the check.
 */
export class AccessibilityAudit {
  private readonly findings = new Map<string, AccessibilityFinding>();
  private queue: Promise<void> = Promise.resolve();
  private failure: unknown = null;
  private navigations = 0;

  constructor(private readonly page: Page) {
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame() || !frame.url().startsWith('http')) return;
      this.navigations += 1;
      this.enqueue();
    });
  }

  /** The last check, then the verdict. */
  async finish(): Promise<void> {
    if (!this.page.isClosed()) this.enqueue();
    await this.queue;
    if (this.failure) throw this.failure;
    if (this.findings.size > 0) throw new Error(describe([...this.findings.values()]));
  }

  private enqueue(): void {
    this.queue = this.queue
      .then(() => this.check())
      .catch((error: unknown) => {
        this.failure ??= error;
      });
  }

  private async check(): Promise<void> {
    const navigationsBefore = this.navigations;
    try {
      await this.settled();
      const results = await new AxeBuilder({ page: this.page }).withTags(WCAG_TAGS).setLegacyMode().analyze();
      for (const violation of results.violations) {
        if (!violation.impact || !FAILING_IMPACTS.has(violation.impact)) continue;
        const url = new URL(results.url).pathname;
        const targets = violation.nodes.map((node) => node.target.join(' '));
        this.findings.set(`${url} ${violation.id} ${targets.join(',')}`, {
          url,
          rule: violation.id,
          impact: violation.impact,
          help: violation.help,
          targets,
        });
      }
    } catch (error) {
      // The navigation that moved the page on queued a check of its own.
      if (this.page.isClosed() || this.navigations !== navigationsBefore || PAGE_MOVED_ON.test(String(error))) return;
      throw error;
    }
  }

  /** Until nothing is loading or in transition and the page has stopped changing between two looks (or the limit passes). */
  private async settled(): Promise<void> {
    await this.page.waitForLoadState('domcontentloaded');
    let previous = '';
    for (let waited = 0; waited < SETTLE_LIMIT_MS; waited += SETTLE_POLL_MS) {
      const state = await this.page.evaluate(
        (loading) =>
          // A dialog fading in or out has text at part opacity, which axe reads as too little contrast.
          document.querySelector(loading) ||
          document
            .getAnimations()
            .some((animation) => animation instanceof CSSTransition && animation.playState === 'running')
            ? null
            : `${location.href} ${document.getElementsByTagName('*').length} ${document.body.textContent?.length}`,
        LOADING,
      );
      if (state !== null && state === previous) return;
      previous = state ?? '';
      await wait(SETTLE_POLL_MS);
    }
  }
}

function describe(findings: AccessibilityFinding[]): string {
  const lines = findings.map(
    (finding) =>
      `  ${finding.url}: ${finding.rule} (${finding.impact}) ${finding.help}\n    ${finding.targets.join('\n    ')}`,
  );
  return `Serious or critical accessibility violations (axe, WCAG 2.1 AA):\n${lines.join('\n')}`;
}
