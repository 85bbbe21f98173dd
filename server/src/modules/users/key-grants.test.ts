import { describe, expect, it } from 'vitest';
import { API_KEY_PERMISSIONS } from '@shared/api/permissions';
import { keyMayGrant } from './key-grants';

describe('what a key may grant', () => {
  it("grants the user role from a writing key holding everything a user reaches, which the admins' parts are not", () => {
    const userReach = API_KEY_PERMISSIONS.filter((p) => p !== 'team:manage' && p !== 'webhooks:manage');
    expect(keyMayGrant({ scope: 'read_write', permissions: userReach }, 'user')).toBe(true);
    expect(keyMayGrant({ scope: 'read_write', permissions: userReach.slice(1) }, 'user')).toBe(false);
    expect(keyMayGrant({ scope: 'read_only', permissions: userReach }, 'user')).toBe(false);
    expect(keyMayGrant({ scope: 'admin', permissions: [...API_KEY_PERMISSIONS] }, 'admin')).toBe(false);
  });
});
