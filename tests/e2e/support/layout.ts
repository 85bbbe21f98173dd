import { expect, type Page } from '@playwright/test';

/** Nothing on the page is wider than the screen, and no part of the page's main area scrolls sideways. */
export async function expectNoSidewaysScrolling(page: Page): Promise<void> {
  const sideways = await page.evaluate(() => {
    const root = document.documentElement;
    const scrollers = [...document.querySelectorAll('main *')].filter(
      (element) =>
        element.scrollWidth > element.clientWidth + 1 &&
        ['auto', 'scroll'].includes(getComputedStyle(element).overflowX),
    );
    return { page: root.scrollWidth - root.clientWidth, scrollers: scrollers.map((element) => element.className) };
  });
  expect(sideways).toEqual({ page: 0, scrollers: [] });
}
