import { apiRoutes } from '@shared/api/routes';
import type { TeamResponse } from '@shared/api/team.types';
import { signIn as apiSignIn } from '../api/support/api-actions';
import type { ApiClient } from '../api/support/api-client';
import { expect, openInApp, signInAs, test, type FreshTenant } from './support/fixtures';

/** The tenant's admin moves its member to `role` through the API, as the Team page does. */
async function changeMemberRole(api: ApiClient, tenant: FreshTenant, role: 'admin' | 'user'): Promise<void> {
  const { accessToken } = await apiSignIn(api, tenant.admin.email, tenant.admin.password);
  const team = await api.request<TeamResponse>('GET', apiRoutes.team.members(tenant.id), { token: accessToken });
  const member = team.body.users.find((user) => user.email === tenant.user.email);
  if (!member) throw new Error('the member is not in the team');
  const changed = await api.request('PATCH', apiRoutes.team.member(tenant.id, member.id), {
    token: accessToken,
    body: { role },
  });
  expect(changed.status, changed.text).toBe(200);
}

test.describe('a role change reaches open sessions', () => {
  test('a member promoted while signed in gets the admin screens at once, and loses them when demoted', async ({
    page,
    api,
    freshTenant,
  }) => {
    await signInAs(page, freshTenant.user);
    await openInApp(page, '/api-keys');
    const denied = page.getByText('You need administrator privileges to manage API keys.');
    await expect(denied).toBeVisible();

    await changeMemberRole(api, freshTenant, 'admin');
    await expect(page.getByRole('button', { name: 'Create API Key' })).toBeVisible();
    await expect(denied).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Create API Key' })).toBeVisible();

    await changeMemberRole(api, freshTenant, 'user');
    await expect(denied).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create API Key' })).toHaveCount(0);
    await page.reload();
    await expect(denied).toBeVisible();
  });
});
