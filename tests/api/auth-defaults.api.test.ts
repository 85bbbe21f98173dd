import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/src/db/seeds/demo-accounts';
import { announceDemoAccounts } from '../../server/src/db/seeds/demo.seed';
import { startTestApp, TEST_DATABASES, type TestApp } from './support/test-app';

const DEMO_EMAILS = Object.values(DEMO_ACCOUNTS).map((account) => account.email);
const WARN = 40;

const warnings = (lines: string[]) =>
  lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((entry) => entry.level === WARN);

describe.each(TEST_DATABASES)('safe defaults in production (%s)', (kind) => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  const signInAsDemo = (email: string) =>
    app?.request('POST', '/api/auth/custom/login', { body: { email, password: DEMO_PASSWORD } });

  it('seeds no demo account, so none can sign in', async () => {
    app = await startTestApp(kind, { config: { nodeEnv: 'production', seedDemo: false } });
    expect(await app.deps.db('users').whereIn('email', DEMO_EMAILS).select('id')).toEqual([]);
    for (const email of DEMO_EMAILS) expect((await signInAsDemo(email))?.status, email).toBe(401);
  });

  it('says loudly when demo accounts are forced, and switches them off at the next start that does not force them', async () => {
    const lines: string[] = [];
    app = await startTestApp(kind, { config: { nodeEnv: 'production', seedDemo: true }, logLines: lines });
    expect(warnings(lines).map((entry) => entry.msg)).toContainEqual(
      expect.stringContaining('Demo accounts with the published password are live IN PRODUCTION'),
    );
    const session = await app.login(DEMO_ACCOUNTS.superadmin.email);

    const restart: string[] = [];
    const logger = { warn: (_details: object, message: string) => void restart.push(message) };
    await announceDemoAccounts(
      app.deps.db,
      { seedDemo: false, nodeEnv: 'production' },
      new Date().toISOString(),
      logger,
    );
    expect(restart).toEqual(['Demo accounts left by an earlier start were deactivated']);
    for (const email of DEMO_EMAILS) expect((await signInAsDemo(email))?.status, email).toBe(401);
    await app.deps.principals.invalidate({ userId: session.user.id });
    expect((await app.request('GET', '/api/auth/status', { token: session.accessToken })).status).toBe(401);
  });
});
