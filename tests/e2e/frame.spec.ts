import { DEMO, expect, signInToFrame, test } from './support/fixtures';

const COMMON = ['Dashboard', 'Campaigns', 'Callbacks', 'Phone Numbers', 'Billing'];

/** The WCAG contrast ratio of two CSS rgb()/rgba() colours. */
function contrastRatio(first: string, second: string): number {
  const luminance = (color: string) => {
    const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

test.describe('the page frame', () => {
  for (const { role, email, initials, links, hidden, apiKeys } of [
    {
      role: 'user',
      email: DEMO.user,
      initials: 'US',
      links: COMMON,
      hidden: ['Account', 'Operations', 'Admin Billing', 'Admin Plans'],
      apiKeys: false,
    },
    {
      role: 'admin',
      email: DEMO.admin,
      initials: 'AD',
      links: [...COMMON, 'Operations', 'Account'],
      hidden: ['Admin Billing', 'Admin Plans', 'Admin Operations'],
      apiKeys: true,
    },
    {
      // The demo superadmin belongs to no tenant: no tenant screens, no API keys (a tenant's).
      role: 'superadmin',
      email: DEMO.superadmin,
      initials: 'SU',
      links: ['Dashboard', 'Account', 'Admin Billing', 'Admin Plans', 'Admin Operations'],
      hidden: ['Campaigns', 'Callbacks', 'Phone Numbers', 'Billing', 'Operations'],
      apiKeys: false,
    },
  ]) {
    test(`shows the ${role}'s navigation and user menu`, async ({ page }) => {
      await signInToFrame(page, email);
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await expect(nav.getByRole('link')).toHaveText(links);
      for (const label of hidden) {
        await expect(nav.getByRole('link', { name: label, exact: true })).toHaveCount(0);
      }

      const menuButton = page.getByRole('button', { name: 'Open user menu' });
      await expect(menuButton).toHaveText(initials);
      await menuButton.click();
      const menu = page.getByRole('menu', { name: 'User menu' });
      // Who is signed in heads the menu's panel, outside the list of its items.
      await expect(page.getByText(email, { exact: true })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'API Keys' })).toHaveCount(apiKeys ? 1 : 0);
      await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
      await page.keyboard.press('Escape');

      await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Parley`);
    });
  }

  test('highlights the current route and keeps the frame while moving between pages', async ({ page }) => {
    await signInToFrame(page, DEMO.admin);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Campaigns' }).click();
    await expect(page).toHaveURL(/\/campaigns$/);
    await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Campaigns' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');

    await page.goto('/payment-method');
    await expect(nav.getByRole('link', { name: 'Billing' })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('link', { name: 'Parley home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a keyboard user sees a clear focus ring on the nav links', async ({ page }) => {
    await signInToFrame(page, DEMO.admin);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await page.getByRole('link', { name: 'Parley home' }).focus();
    for (const label of ['Dashboard', 'Campaigns']) {
      await page.keyboard.press('Tab');
      const link = nav.getByRole('link', { name: label });
      await expect(link).toBeFocused();
      const ring = await link.evaluate((element) => {
        const style = getComputedStyle(element);
        const header = element.closest('header');
        return {
          style: style.outlineStyle,
          width: parseFloat(style.outlineWidth),
          color: style.outlineColor,
          background: header ? getComputedStyle(header).backgroundColor : '',
        };
      });
      // WCAG 2.4.7 and 1.4.11: a solid ring at least 2px wide, 3:1 against what surrounds it.
      expect(ring.style).toBe('solid');
      expect(ring.width).toBeGreaterThanOrEqual(2);
      expect(contrastRatio(ring.color, ring.background)).toBeGreaterThanOrEqual(3);
    }
  });

  test('an admin opens API Keys from the user menu and logs out with a toast', async ({ page }) => {
    await signInToFrame(page, DEMO.admin);
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'API Keys' }).click();
    await expect(page).toHaveURL(/\/api-keys$/);

    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('status').filter({ hasText: 'Logged out' })).toContainText(
      'You have been successfully logged out.',
    );
    expect(await page.evaluate(() => window.localStorage.getItem('accessToken'))).toBeNull();
  });

  test('the small-screen drawer shows the user, the links, API Keys and Log out', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInToFrame(page, DEMO.admin);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();

    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByTestId('drawer-email')).toHaveText(DEMO.admin);
    await expect(drawer.getByTestId('drawer-role')).toHaveText('Admin');
    const links = drawer.getByRole('navigation', { name: 'Main navigation' }).getByRole('link');
    await expect(links).toHaveText([...COMMON, 'Operations', 'Account', 'API Keys']);

    await drawer.getByRole('link', { name: 'Phone Numbers' }).click();
    await expect(page).toHaveURL(/\/phone-numbers$/);
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await expect(drawer.getByRole('link', { name: 'Phone Numbers' })).toHaveAttribute('aria-current', 'page');
    await drawer.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('status').filter({ hasText: 'Logged out' })).toBeVisible();
  });

  test('a toast closes after 5 s unless hovered; F8 reaches it and a swipe to the right dismisses it', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill('nobody-here@e2e.parley.test');
    await form.getByLabel('Password', { exact: true }).fill('wrong-password');
    const failLogin = () => form.getByRole('button', { name: 'Sign In' }).click();
    const toast = page.locator('[data-toast]');

    await failLogin();
    await expect(toast).toContainText('Login failed');
    await toast.hover();
    await page.clock.fastForward(6_000);
    await expect(toast).toBeVisible();
    await page.mouse.move(5, 5);
    await page.clock.fastForward(5_100);
    await expect(toast).toHaveCount(0);

    await failLogin();
    await expect(toast).toContainText('Login failed');
    await page.keyboard.press('F8');
    await expect(toast).toBeFocused();
    const box = (await toast.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, y, { steps: 4 });
    await page.mouse.move(box.x + 120, y, { steps: 4 });
    await page.mouse.up();
    await expect(toast).toHaveCount(0);
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: /404/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    // Not signed in: the dashboard sends us to sign in.
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('signed in, an unknown path shows the 404 page inside the frame, with the navigation to leave it', async ({
    page,
  }) => {
    await signInToFrame(page, DEMO.admin);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: /404/ })).toBeVisible();
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navigation).toBeVisible();
    await navigation.getByRole('link', { name: 'Campaigns' }).click();
    await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
  });
});
