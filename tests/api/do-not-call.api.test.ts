import { describe, expect, it } from 'vitest';
import type { DoNotCallEntry, DoNotCallPage } from '@shared/api/contacts.types';
import { apiRoutes } from '@shared/api/routes';
import { sendCsv } from './support/contact-imports';
import { useApiSuite } from './support/api-suite';
import { TEST_DATABASES } from './support/test-app';

const { doNotCall } = apiRoutes;

describe.each(TEST_DATABASES)('do-not-call evidence (%s)', (kind) => {
  const suite = useApiSuite(kind);

  it('names the member who added each entry by hand or by import, and nobody for an opt-out heard in a call', async () => {
    const { app, tenant } = suite;
    const admin = tenant.admin.token;
    const added = await app.request<{ entry: DoNotCallEntry }>('POST', doNotCall.collection(), {
      token: admin,
      body: { phoneNumber: '+64215550701' },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body.entry.addedBy).toBe(tenant.admin.email);
    expect((await sendCsv(app, admin, doNotCall.import(), 'number\n+64215550702')).status).toBe(200);
    expect(await app.built.services.doNotCall.addFromCall(tenant.id, '+64215550703', null)).toBe(true);

    const list = await app.request<DoNotCallPage>('GET', doNotCall.collection(), { token: tenant.user.token });
    expect(list.body.entries.map(({ phoneNumber, source, addedBy }) => ({ phoneNumber, source, addedBy }))).toEqual([
      { phoneNumber: '+64215550701', source: 'manual', addedBy: tenant.admin.email },
      { phoneNumber: '+64215550702', source: 'import', addedBy: tenant.admin.email },
      { phoneNumber: '+64215550703', source: 'call', addedBy: null },
    ]);
  });
});
