import { apiRoutes } from '@shared/api/routes';
import { DEMO, expect, linkFromMail, registerAccount, signIn, test, uniqueEmail } from './support/fixtures';

test.describe('sign-in and account screens', () => {
  test('a new tenant registers, verifies the e-mail, signs in and logs out', async ({ page, request }) => {
    const email = uniqueEmail('signup');
    const password = 'my-Secret-42';

    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Full Name').fill('Riley Founder');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByLabel('Company Name').fill('Riley Plumbing');
    await form.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Registration successful' })).toContainText(
      'Please check your email to verify your account.',
    );
    // 1.5 s later the page switches to the login tab with the address filled in, saying where the next step is.
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('form', { name: 'Login' }).getByLabel('Email')).toHaveValue(email);
    await expect(page.getByRole('status').filter({ hasText: 'Check your e-mail' })).toContainText(email);

    await page.goto(await linkFromMail(request, email, 'verify-email'));
    await expect(page.getByText('Your e-mail address has been verified.')).toBeVisible();
    await page.getByRole('link', { name: 'Continue to login' }).click();
    await expect(page).toHaveURL(/\/auth$/);

    await signIn(page, email, password);
    // A new tenant has no active billing yet: the billing gate sends it to plan setup.
    await expect(page).toHaveURL(/\/billing-setup$/);
    await expect(page.getByRole('heading', { name: 'Complete Your Setup' })).toBeVisible();
    await expect(page.getByText('Email not verified')).toHaveCount(0);

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('status').filter({ hasText: 'Logged out' })).toContainText(
      'You have been successfully logged out.',
    );
    // Signed out for good: a protected page sends us back.
    await page.goto('/campaigns');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a wrong password shows the login failure', async ({ page, request }) => {
    const account = await registerAccount(request, 'wrongpw');
    await signIn(page, account.email, 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: 'Login failed' }).first()).toBeVisible();
    await expect(page.getByText('Invalid credentials')).toBeVisible();
    await expect(page.getByText('Login failed. Please check your credentials.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('the login form checks its fields before calling the server', async ({ page }) => {
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Password', { exact: true }).fill('123');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(form.getByText('Invalid email address')).toBeVisible();
    await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
  });

  test('an unverified user is let in with a notice', async ({ page, request }) => {
    const account = await registerAccount(request, 'unverified');
    await signIn(page, account.email, account.password);
    await expect(page.getByRole('status').filter({ hasText: 'Email not verified' })).toContainText(
      'Please check your email to verify your account.',
    );
    await expect(page).toHaveURL(/\/billing-setup$/);
  });

  test('forgot and reset password, end to end', async ({ page, request }) => {
    const account = await registerAccount(request, 'reset');
    const newPassword = 'brand-New-Pass-7';

    await page.goto('/auth');
    await page.getByRole('form', { name: 'Login' }).getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await expect(dialog.getByLabel('Email')).toHaveValue(account.email);
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Reset email sent' })).toContainText(
      'Check your email for password reset instructions',
    );
    // The dialog closes by itself 2 s after sending.
    await expect(dialog).toBeHidden();

    await page.goto(await linkFromMail(request, account.email, 'reset-password'));
    const form = page.getByRole('form', { name: 'Reset password' });
    await form.getByLabel('New Password').fill(newPassword);
    await form.getByLabel('Confirm Password').fill('something-else');
    await form.getByRole('button', { name: 'Reset Password' }).click();
    await expect(form.getByText("Passwords don't match")).toBeVisible();

    await form.getByLabel('Confirm Password').fill(newPassword);
    await form.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Your password has been reset.')).toBeVisible();
    // 3 s later, back to sign-in.
    await expect(page).toHaveURL(/\/auth$/);

    await signIn(page, account.email, account.password);
    await expect(page.getByText('Login failed. Please check your credentials.')).toBeVisible();
    await signIn(page, account.email, newPassword);
    await expect(page).toHaveURL(/\/billing-setup$/);
  });

  test('the reset and verification screens explain a missing or bad token', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByText('Reset token is missing. Please use the link from your email.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reset Password' })).toBeDisabled();

    await page.goto('/verify-email');
    await expect(page.getByText('Verification token is missing. Please use the link from your email.')).toBeVisible();

    await page.goto('/verify-email?token=not-a-real-token');
    await expect(page.getByText('Failed to verify email. Please try again or contact support.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('registering an address that already has an account looks the same, and its owner hears of it', async ({
    page,
    request,
  }) => {
    const owner = await registerAccount(request, 'taken');
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Email').fill(owner.email);
    await form.getByLabel('Password', { exact: true }).fill('someone-Else-1');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Registration successful' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'Check your e-mail' })).toContainText(owner.email);
    await expect
      .poll(async () => {
        const outbox = await request.get(`${apiRoutes.testSupport.outbox()}?to=${encodeURIComponent(owner.email)}`);
        const { messages } = (await outbox.json()) as { messages: Array<{ kind: string }> };
        return messages.map((message) => message.kind);
      })
      .toContain('signup-attempt');
  });

  test('the standalone registration page creates an account and sends the user to sign in', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('standalone');
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Create an Account' });
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(form.getByText('Full name must be at least 3 characters long')).toBeVisible();
    await expect(form.getByText('Company name is required')).toBeVisible();

    await form.getByLabel('Full Name').fill('Sasha Standalone');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill('standalone-Pass-1');
    await form.getByLabel('Company Name').fill('Sasha Cafe');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Registration successful' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Check your e-mail' })).toContainText(email);
    // 2 s later to sign-in, which still says where the next step is.
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('form', { name: 'Login' }).getByLabel('Email')).toHaveValue(email);
    await expect(page.getByRole('status').filter({ hasText: 'Check your e-mail' })).toContainText(email);
    await page.goto(await linkFromMail(request, email, 'verify-email'));
    await signIn(page, email, 'standalone-Pass-1');
    await expect(page).toHaveURL(/\/billing-setup$/);
  });

  test('an invitation link that cannot be loaded says so', async ({ page }) => {
    await page.goto('/register?invitation=no-such-invitation');
    await expect(page.getByRole('heading', { name: 'Accept Invitation' })).toBeVisible();
    await expect(page.getByText('Failed to load invitation details')).toBeVisible();
  });

  test('a signed-in user who opens /auth goes to the dashboard', async ({ page }) => {
    await signIn(page, DEMO.user, 'parley-demo');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });
});
