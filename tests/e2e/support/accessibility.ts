import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.1 A and AA; a violation fails the test when axe rates it serious or critical. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** Loading placeholders: a page showing one has not settled yet. */
const LOADING = '.MuiSkeleton-root, .MuiCircularProgress-root, [aria-busy="true"]';
const SETTLE_POLL_MS = 100;
const SETTLE_LIMIT_MS = 5_000;
/** Readings of a page that keeps changing under axe before the last one is kept as it is. */
const ANALYZE_ATTEMPTS = 3;
/** A phone's width in CSS pixels (an iPhone 12 to 15). */
const PHONE_WIDTH = 390;

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
 * here, not in the page, so that a test that fakes the page's clock does not stall the check. A navigation's check that
 * has not begun when the page navigates again is dropped: it would read the later page, whose own check is queued, and
 * every reading holds the page's main thread (seconds on a busy machine) while the test drives it.
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

  /** The last check, then the same page on a phone's width, then the verdict. */
  async finish(): Promise<void> {
    if (!this.page.isClosed()) this.enqueue('last');
    await this.queue;
    if (this.failure) throw this.failure;
    await this.checkPhoneWidth();
    if (this.findings.size > 0) throw new Error(describe([...this.findings.values()]));
  }

  private enqueue(moment: 'navigation' | 'last' = 'navigation'): void {
    const navigationsThen = this.navigations;
    this.queue = this.queue
      .then(() => (moment === 'navigation' && this.navigations !== navigationsThen ? undefined : this.check(moment)))
      .catch((error: unknown) => {
        this.failure ??= error;
      });
  }

  private async check(moment: 'navigation' | 'last'): Promise<void> {
    const navigationsBefore = this.navigations;
    try {
      const results = await this.analyzeSettled(moment);
      if (!results) return;
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

  /**
   * The test's last page at {@link PHONE_WIDTH} px: nothing may make the whole page scroll sideways. (A data grid may
   * scroll its own columns; the page around it may not.)
   */
  private async checkPhoneWidth(): Promise<void> {
    const page = this.page;
    if (page.isClosed() || !page.url().startsWith('http')) return;
    const before = page.viewportSize();
    try {
      await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
      await this.settled();
      const overflow = await page.evaluate(() => {
        const root = document.documentElement;
        const wide = [...document.body.querySelectorAll('*')].filter(
          (element) => element.getBoundingClientRect().right > root.clientWidth + 1,
        );
        return {
          by: root.scrollWidth - root.clientWidth,
          widest: wide.slice(-3).map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 80)),
        };
      });
      if (overflow.by > 0) {
        const url = new URL(page.url()).pathname;
        this.findings.set(`${url} phone-width`, {
          url,
          rule: 'phone-width',
          impact: 'serious',
          help: `At ${PHONE_WIDTH} px the page scrolls ${overflow.by} px sideways`,
          targets: overflow.widest,
        });
      }
    } catch (error) {
      if (!PAGE_MOVED_ON.test(String(error)) && !page.isClosed()) throw error;
    } finally {
      if (before && !page.isClosed()) await page.setViewportSize(before).catch(() => undefined);
    }
  }

  /**
   * Axe's reading of a settled page. Axe takes a while on a busy machine; when the test moved the page on meanwhile
   * (a dialog began to fade in, or its form was being saved), what it read mixes two states, so it reads again. After a
   * navigation, a page the test kept moving through every reading gets no verdict (null): its later pages and the last
   * check read it settled. The last check keeps its last reading: nothing drives the page then but the app itself.
   */
  private async analyzeSettled(moment: 'navigation' | 'last') {
    for (let attempt = 1; ; attempt += 1) {
      const before = await this.settled();
      const results = await new AxeBuilder({ page: this.page }).withTags(WCAG_TAGS).setLegacyMode().analyze();
      if ((await this.pageState()) === before) return results;
      if (attempt === ANALYZE_ATTEMPTS) return moment === 'last' ? results : null;
    }
  }

  /**
   * Until nothing is loading or in transition and the page has stopped changing between two looks (or the limit
   * passes); answers the page's state then.
   */
  private async settled(): Promise<string | null> {
    await this.page.waitForLoadState('domcontentloaded');
    let previous: string | null = null;
    for (let waited = 0; waited < SETTLE_LIMIT_MS; waited += SETTLE_POLL_MS) {
      const state = await this.pageState();
      if (state !== null && state === previous) return state;
      previous = state;
      await wait(SETTLE_POLL_MS);
    }
    return previous;
  }

  /** Where the page is and how much it holds, or null while something loads or moves. */
  private pageState(): Promise<string | null> {
    return this.page.evaluate(
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
  }
}

function describe(findings: AccessibilityFinding[]): string {
  const lines = findings.map(
    (finding) =>
      `  ${finding.url}: ${finding.rule} (${finding.impact}) ${finding.help}\n    ${finding.targets.join('\n    ')}`,
  );
  return `Serious or critical accessibility violations (axe, WCAG 2.1 AA):\n${lines.join('\n')}`;
}
