import Papa from 'papaparse';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { contactJobs } from '../../server/src/modules/contacts/contacts.jobs';
import type { ImportReport, OutboundContact } from '@shared/api/contacts.types';
import { apiRoutes } from '@shared/api/routes';
import { migrateToLatest, migrationSource } from '../../server/src/db/migrations';
import { CONTACT_MESSAGES } from '@shared/schemas/contact.schema';
import { createOutboundCampaign, freshTenant, INBOUND_CAMPAIGN, type FreshTenant } from './support/api-actions';
import { expectStatus } from './support/api-client';
import { importCsv, sendCsv } from './support/contact-imports';
import { openEventStream } from './support/sse-client';
import { updateContactRows } from './support/contact-rows';
import { useApiSuite } from './support/api-suite';
import { TEST_DATABASES, type TestApp } from './support/test-app';

const { contacts, doNotCall } = apiRoutes;

const numbersOf = (list: OutboundContact[]) => list.map((c) => c.phoneNumber);

describe.each(TEST_DATABASES)('contacts API (%s)', (kind) => {
  const suite = useApiSuite(kind, {
    tenant: { outboundCallingEnabled: true, planTerms: { maxAgents: 10, maxCampaigns: 10 } },
  });
  let app: TestApp;
  let tenant: FreshTenant;
  let admin: string;
  let user: string;
  let campaignId: string;

  const add = (body: object, campaign = campaignId, token = admin) =>
    app.request('POST', contacts.collection(campaign), { token, body });
  const page = (query = '', campaign = campaignId, token = user) =>
    app.request('GET', `${contacts.collection(campaign)}${query}`, { token });

  beforeAll(async () => {
    ({ app, tenant } = suite);
    admin = tenant.admin.token;
    user = tenant.user.token;
    ({ campaignId } = await createOutboundCampaign(app, admin));
  });

  describe('one contact at a time', () => {
    it('adds a contact with the spec defaults, reading a national number in the campaign country', async () => {
      const res = await add({ phoneNumber: '021 555 0101', metadata: { name: 'Ana', visits: 3 } });
      expect(res.status, res.text).toBe(201);
      expect(res.body.contact).toEqual({
        id: expect.any(String),
        campaignId,
        phoneNumber: '+64215550101',
        maxRetries: 3,
        retryDelayMinutes: 30,
        metadata: { name: 'Ana', visits: '3' },
        // A New Zealand mobile may ring on the Chatham Islands too: the legal hours must hold in both.
        timezones: ['Pacific/Auckland'],
        timezoneSource: 'number',
        status: 'pending',
        attemptsMade: 0,
        scheduledFor: null,
        nextAttemptAt: expect.any(String),
        conversationConfig: null,
        conversationId: null,
        consent: null,
        skipReason: null,
        version: 1,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const again = await add({ phoneNumber: '+64215550101' });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('CONTACT_NUMBER_IN_CAMPAIGN');
      expect(again.body.message).toBe('This number is already in the campaign.');
    });

    it('stores the zone a contact is called in and why, again whenever its number or metadata changes', async () => {
      const named = await add({ phoneNumber: '+64215550111', metadata: { Timezone: 'Pacific/Chatham' } });
      expect(named.status, named.text).toBe(201);
      const { id } = named.body.contact as OutboundContact;
      expect(named.body.contact).toMatchObject({ timezones: ['Pacific/Chatham'], timezoneSource: 'metadata' });
      const patch = (body: object) => app.request('PATCH', contacts.byId(id), { token: admin, body });
      const landline = await patch({ phoneNumber: '+12125550111', metadata: { name: 'Cy' } });
      expect(landline.body.contact).toMatchObject({ timezones: ['America/New_York'], timezoneSource: 'number' });
      // Retry settings leave the zone as it is.
      expect((await patch({ maxRetries: 2 })).body.contact).toMatchObject({ timezones: ['America/New_York'] });
      const christmas = await patch({ phoneNumber: '+61891641234' });
      expect(christmas.body.contact).toMatchObject({ timezones: ['Indian/Christmas'], timezoneSource: 'number' });

      const invalid = await add({ phoneNumber: '+64215550112', metadata: { timezone: 'Auckland' } });
      expect(invalid.status).toBe(400);
      expect(invalid.body.fields.metadata).toBe(
        'Timezone "Auckland" is not an IANA time zone (such as America/Chicago)',
      );
      expect((await patch({ metadata: { timezone: 'EST5' } })).status).toBe(400);
    });

    it('refuses numbers it cannot call, with the reason', async () => {
      const bad = await add({ phoneNumber: '+64 1' });
      expect(bad.status).toBe(400);
      expect(bad.body.fields.phoneNumber).toMatch(/^Invalid phone number format: /);
      expect((await add({ phoneNumber: 'call me' })).body.fields.phoneNumber).toBe(CONTACT_MESSAGES.phoneInvalid);
      expect((await add({ maxRetries: 3 })).body.fields.phoneNumber).toBe(CONTACT_MESSAGES.phoneRequired);
      expect((await add({ phoneNumber: '+64215550199', retryDelayMinutes: 2000 })).body.fields.retryDelayMinutes).toBe(
        CONTACT_MESSAGES.retryDelay,
      );
    });

    it('refuses a number on the do-not-call list', async () => {
      expectStatus(
        await app.request('POST', doNotCall.collection(), { token: admin, body: { phoneNumber: '+64215550102' } }),
        201,
        'listed',
      );
      const res = await add({ phoneNumber: '+64215550102' });
      expect(res.status).toBe(400);
      expect(res.body.fields.phoneNumber).toBe('This number is on the do-not-call list.');
    });

    it('edits a contact, counting its version, and refuses while it is being called', async () => {
      const { contact } = expectStatus(await add({ phoneNumber: '+64215550103' }), 201, 'contact').body;
      const res = await app.request('PATCH', contacts.byId(contact.id), {
        token: admin,
        body: {
          maxRetries: 5,
          retryDelayMinutes: 60,
          metadata: { name: 'Bo' },
          scheduledFor: '2030-01-02T03:04:05.000Z',
          conversationConfig: { first_message: 'Hi Bo!' },
        },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.contact).toMatchObject({
        maxRetries: 5,
        retryDelayMinutes: 60,
        metadata: { name: 'Bo' },
        scheduledFor: '2030-01-02T03:04:05.000Z',
        nextAttemptAt: '2030-01-02T03:04:05.000Z',
        conversationConfig: { first_message: 'Hi Bo!' },
        version: 2,
      });
      await updateContactRows(app.deps.db, [contact.id], { status: 'in_progress' });
      const busy = await app.request('PATCH', contacts.byId(contact.id), { token: admin, body: { maxRetries: 1 } });
      expect(busy.status).toBe(409);
      expect(busy.body.code).toBe('CONTACT_BEING_CALLED');
      expect((await app.request('DELETE', contacts.byId(contact.id), { token: admin })).status).toBe(409);
      await updateContactRows(app.deps.db, [contact.id], { status: 'failed' });
      const deleted = await app.request('DELETE', contacts.byId(contact.id), { token: admin });
      expect(deleted.body).toEqual({ message: 'Contact deleted successfully' });
      expect((await app.request('GET', contacts.byId(contact.id), { token: admin })).status).toBe(404);
    });

    it('says an inbound campaign is not configured for outbound calling', async () => {
      const inbound = expectStatus(
        await app.request('POST', apiRoutes.campaigns.collection(), { token: admin, body: INBOUND_CAMPAIGN }),
        201,
        'inbound',
      ).body.campaign;
      const res = await add({ phoneNumber: '+64215550104' }, inbound.id);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This campaign is not configured for outbound calling.');
      expect(res.body.code).toBe('CAMPAIGN_NOT_OUTBOUND');
      expect((await sendCsv(app, admin, contacts.import(inbound.id), 'phone\n+64215550104')).status).toBe(409);
    });
  });

  describe('pages, filters and totals', () => {
    let paged: string;

    beforeAll(async () => {
      ({ campaignId: paged } = await createOutboundCampaign(app, admin));
      for (let i = 0; i < 7; i++) expectStatus(await add({ phoneNumber: `+6421555020${i}` }, paged), 201, 'contact');
      const done = await app.deps
        .db('outbound_contacts')
        .where({ campaign_id: paged })
        .whereIn('phone_number', ['+64215550201', '+64215550203'])
        .pluck('id');
      await updateContactRows(app.deps.db, done, { status: 'completed' });
    });

    it('walks every contact once, in the order added, with keyset cursors', async () => {
      const seen: string[] = [];
      let after = '';
      for (let pages = 0; pages < 5; pages++) {
        const res = await page(`?limit=3${after ? `&after=${after}` : ''}`, paged);
        expect(res.status, res.text).toBe(200);
        seen.push(...numbersOf(res.body.contacts));
        if (!res.body.nextCursor) break;
        after = res.body.nextCursor;
      }
      expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `+6421555020${i}`));
    });

    it('filters by status and searches by digits, with totals of the whole campaign', async () => {
      const done = await page('?status=completed', paged);
      expect(numbersOf(done.body.contacts)).toEqual(['+64215550201', '+64215550203']);
      expect(done.body.matching).toBe(2);
      expect(done.body.totals).toEqual({ pending: 5, in_progress: 0, completed: 2, failed: 0, total: 7 });
      const found = await page(`?search=${encodeURIComponent('555 0205')}`, paged);
      expect(numbersOf(found.body.contacts)).toEqual(['+64215550205']);
    });

    it.each([
      ['?limit=0', 'limit'],
      ['?limit=201', 'limit'],
      ['?status=done', 'status'],
      ['?search=abc', 'search'],
      ['?after=%27or%201', 'after'],
    ])('refuses %s with 400', async (query, field) => {
      const res = await page(query, paged);
      expect(res.status).toBe(400);
      expect(res.body.fields[field]).toBeDefined();
    });
  });

  describe('CSV import and export', () => {
    let target: string;

    beforeAll(async () => {
      ({ campaignId: target } = await createOutboundCampaign(app, admin));
      expectStatus(await add({ phoneNumber: '+64215550300' }, target), 201, 'existing');
      expectStatus(
        await app.request('POST', doNotCall.collection(), { token: admin, body: { phoneNumber: '+64215550399' } }),
        201,
        'listed',
      );
    });

    const FILE = [
      'phone,name,,city',
      '021 555 0301,Ana,x,Auckland',
      '+64215550302,Bo,,',
      '+64215550300,Already,,',
      '021 555 0301,Twice,,',
      'not a number,Nope,,',
      '+64215550303,Short',
      '+64215550399,Listed,,',
      '',
      '=HYPERLINK("x"),Evil,,',
    ].join('\n');

    const EXPECTED: ImportReport = {
      totalRows: 8,
      imported: 2,
      skipped: {
        duplicate: 2,
        invalid_number: 2,
        wrong_column_count: 1,
        do_not_call: 1,
        invalid_timezone: 0,
        invalid_consent: 0,
      },
      issues: [
        { row: 4, phoneNumber: '+64215550300', reason: 'duplicate', detail: 'Already in the list' },
        { row: 5, phoneNumber: '021 555 0301', reason: 'duplicate', detail: 'Same number as row 2' },
        { row: 6, phoneNumber: 'not a number', reason: 'invalid_number', detail: 'Not a phone number' },
        {
          row: 7,
          phoneNumber: '+64215550303',
          reason: 'wrong_column_count',
          detail: 'Has 2 columns; the header has 4',
        },
        { row: 8, phoneNumber: '+64215550399', reason: 'do_not_call', detail: 'On the do-not-call list' },
        { row: 9, phoneNumber: '=HYPERLINK("x")', reason: 'invalid_number', detail: 'Not a phone number' },
      ],
      issuesTruncated: false,
    };

    it('previews what an import would do without writing anything', async () => {
      const res = await sendCsv(app, admin, `${contacts.import(target)}?dryRun=true`, FILE);
      expect(res.status, res.text).toBe(200);
      expect(res.body.report).toEqual(EXPECTED);
      expect((await page('', target)).body.totals.total).toBe(1);
    });

    it('imports as a job and reports each skipped row', async () => {
      const done = await importCsv(app, admin, target, FILE);
      expect(done).toMatchObject({ status: 'finished', processedRows: 8, totalRows: 8, report: EXPECTED, error: null });
      const list = await page('', target);
      expect(list.body.contacts.map((c: OutboundContact) => [c.phoneNumber, c.metadata])).toEqual([
        ['+64215550300', {}],
        ['+64215550301', { name: 'Ana', city: 'Auckland' }],
        ['+64215550302', { name: 'Bo' }],
      ]);
      // The same file again adds nothing: every number is there now.
      const again = await importCsv(app, admin, target, FILE);
      expect(again.report?.imported).toBe(0);
    });

    it('imports a timezone column as the contact’s zone, and skips a row whose zone is not one', async () => {
      const { campaignId: zoned } = await createOutboundCampaign(app, admin);
      const file = ['phone,timezone', '+61412345601,Australia/Perth', '+61412345602,Perth', '+61412345603,'].join('\n');
      const done = await importCsv(app, admin, zoned, file);
      expect(done.report).toMatchObject({
        imported: 2,
        skipped: { invalid_timezone: 1 },
        issues: [
          {
            row: 3,
            phoneNumber: '+61412345602',
            reason: 'invalid_timezone',
            detail: 'Timezone "Perth" is not an IANA time zone (such as America/Chicago)',
          },
        ],
      });
      const list = (await page('', zoned)).body.contacts as OutboundContact[];
      expect(list.map((c) => [c.phoneNumber, c.timezones.length, c.timezoneSource])).toEqual([
        ['+61412345601', 1, 'metadata'],
        // An Australian mobile may ring anywhere on the mainland or Lord Howe Island.
        ['+61412345603', 7, 'country_intersection'],
      ]);
    });

    it('exports formula-safe CSV that imports back into the same contacts', async () => {
      await app.request('POST', contacts.collection(target), {
        token: admin,
        body: {
          phoneNumber: '+64215550304',
          metadata: { note: '=1+1', 'odd, key': 'a "quoted"\nline' },
          maxRetries: 7,
        },
      });
      const res = await app.request('GET', contacts.export(target), { token: user });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="contacts.csv"');
      const rows = Papa.parse<string[]>(res.text, { skipEmptyLines: 'greedy' }).data;
      expect(rows[0]).toEqual([
        'phoneNumber',
        'status',
        'retries',
        'maxRetries',
        'retryDelayMinutes',
        'consentScope',
        'consentSource',
        'consentCapturedAt',
        'consentEvidence',
        'name',
        'city',
        'note',
        'odd, key',
      ]);
      for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]/);

      const { campaignId: copy } = await createOutboundCampaign(app, admin);
      const imported = await importCsv(app, admin, copy, res.text);
      expect(imported.report?.imported).toBe(4);
      const strip = (list: OutboundContact[]) =>
        list.map(({ phoneNumber, metadata, maxRetries, retryDelayMinutes }) => ({
          phoneNumber,
          metadata,
          maxRetries,
          retryDelayMinutes,
        }));
      expect(strip((await page('', copy)).body.contacts)).toEqual(strip((await page('', target)).body.contacts));
    });

    it('gives a row holding a calling code alone its own reason, and checks the rest of the file', async () => {
      const res = await sendCsv(app, admin, `${contacts.import(target)}?dryRun=true`, 'phone\n+64\n+64215550391');
      expect(res.status, res.text).toBe(200);
      expect(res.body.report).toMatchObject({ totalRows: 2, imported: 1, skipped: { invalid_number: 1 } });
      expect(res.body.report.issues).toEqual([
        { row: 2, phoneNumber: '+64', reason: 'invalid_number', detail: expect.any(String) },
      ]);
    });

    it('marks an import failed once its job has run out of retries, and tells its tenant’s streams', async () => {
      const { contacts: service } = app.built.services;
      const crash = vi.spyOn(service, 'runImport').mockRejectedValue(new Error('disk on fire'));
      const stream = await openEventStream(app.baseUrl, user);
      try {
        const started = await service.startImport(tenant.id, 'test', target, 'phone\n+64215550390');
        const [job] = contactJobs(service);
        const run = { id: 'job', name: job!.name, retryCount: 3 };
        await expect(job!.handler({ importId: started.id }, run)).rejects.toThrow('disk on fire');
        const failed = (await app.request('GET', contacts.importById(started.id), { token: user })).body.import;
        expect(failed).toMatchObject({ status: 'failed', error: 'The import could not be completed.', report: null });
        const told = await stream.next((event) => event.type === 'import.failed');
        expect(told.data).toMatchObject({ importId: started.id, error: 'The import could not be completed.' });
      } finally {
        stream.close();
        crash.mockRestore();
      }
    });

    it("refuses an export with nothing in it: 'No contacts to export'", async () => {
      const { campaignId: empty } = await createOutboundCampaign(app, admin);
      const res = await app.request('GET', contacts.export(empty), { token: admin });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('CONTACTS_NONE_TO_EXPORT');
    });

    it('needs the file as text/csv, not empty, UTF-8', async () => {
      const json = await app.request('POST', contacts.import(target), { token: admin, body: { csv: 'x' } });
      expect(json.status).toBe(415);
      expect((await sendCsv(app, admin, contacts.import(target), '  \n')).body.message).toBe('The CSV file is empty.');
      const latin1 = await app.request('POST', contacts.import(target), {
        token: admin,
        raw: new Uint8Array([0x70, 0x0a, 0xe9, 0xff]),
        headers: { 'content-type': 'text/csv' },
      });
      expect(latin1.status).toBe(400);
      expect((await sendCsv(app, admin, `${contacts.import(target)}?dryRun=maybe`, 'p\n1')).status).toBe(400);
    });
  });

  it('fills the zone of contacts stored before zones were (migration 0020, run again)', async () => {
    const { campaignId: older } = await createOutboundCampaign(app, admin);
    const numbers = ['+12125550401', '+61891620401', '+6421555040'];
    for (const phoneNumber of numbers) expectStatus(await add({ phoneNumber }, older), 201, phoneNumber);
    expectStatus(await add({ phoneNumber: '+12125550402', metadata: { timezone: 'Asia/Tokyo' } }, older), 201, 'named');
    const before = (await page('', older)).body.contacts as OutboundContact[];
    await app.deps.db.migrate.down({ migrationSource });
    await migrateToLatest(app.deps.db);
    const after = (await page('', older)).body.contacts as OutboundContact[];
    expect(after.map((c) => [c.phoneNumber, c.timezones, c.timezoneSource])).toEqual([
      ['+12125550401', ['America/New_York'], 'number'],
      ['+61891620401', ['Indian/Cocos'], 'number'],
      ['+6421555040', ['Pacific/Auckland'], 'number'],
      ['+12125550402', ['Asia/Tokyo'], 'metadata'],
    ]);
    expect(after).toEqual(before);
  });

  it('leaves writes to admins and hides other tenants', async () => {
    const { contact } = expectStatus(await add({ phoneNumber: '+64215550400' }), 201, 'contact').body;
    expect((await add({ phoneNumber: '+64215550401' }, campaignId, user)).status).toBe(403);
    expect((await app.request('PATCH', contacts.byId(contact.id), { token: user, body: {} })).status).toBe(403);
    expect((await app.request('DELETE', contacts.byId(contact.id), { token: user })).status).toBe(403);
    expect((await sendCsv(app, user, contacts.import(campaignId), 'p\n+64215550402')).status).toBe(403);
    const other = await freshTenant(app, { outboundCallingEnabled: true });
    const token = other.admin.token;
    const imported = await importCsv(app, admin, campaignId, 'phone\n+64215550403');
    for (const [method, path] of [
      ['GET', contacts.collection(campaignId)],
      ['POST', contacts.collection(campaignId)],
      ['GET', contacts.byId(contact.id)],
      ['PATCH', contacts.byId(contact.id)],
      ['DELETE', contacts.byId(contact.id)],
      ['GET', contacts.export(campaignId)],
      ['GET', contacts.importById(imported.id)],
    ] as const) {
      const body = method === 'POST' ? { phoneNumber: '+64215550404' } : method === 'PATCH' ? {} : undefined;
      const res = await app.request(method, path, { token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await sendCsv(app, token, contacts.import(campaignId), 'p\n+64215550405')).status).toBe(404);
  });
});

describe.each(TEST_DATABASES)('do-not-call API (%s)', (kind) => {
  const suite = useApiSuite(kind);

  it('adds, lists, searches, imports, exports and removes numbers of the tenant', async () => {
    const { app, tenant } = suite;
    const admin = tenant.admin.token;
    const added = await app.request('POST', doNotCall.collection(), {
      token: admin,
      body: { phoneNumber: '+1 415 555 2671', reason: 'Asked by letter' },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body.entry).toMatchObject({
      phoneNumber: '+14155552671',
      source: 'manual',
      reason: 'Asked by letter',
    });
    const twice = await app.request('POST', doNotCall.collection(), {
      token: admin,
      body: { phoneNumber: '+14155552671' },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('DO_NOT_CALL_ALREADY_LISTED');
    const national = await app.request('POST', doNotCall.collection(), {
      token: admin,
      body: { phoneNumber: '021 555 0101' },
    });
    expect(national.status).toBe(400);

    const imported = await sendCsv(
      app,
      admin,
      doNotCall.import(),
      'number\n+64215550501\n+14155552671\nbad\n+64215550502',
    );
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body.report).toMatchObject({
      imported: 2,
      skipped: {
        duplicate: 1,
        invalid_number: 1,
        wrong_column_count: 0,
        do_not_call: 0,
        invalid_timezone: 0,
        invalid_consent: 0,
      },
    });

    const list = await app.request('GET', `${doNotCall.collection()}?limit=2`, { token: tenant.user.token });
    expect(list.body.total).toBe(3);
    expect(list.body.entries.map((e: { phoneNumber: string }) => e.phoneNumber)).toEqual([
      '+14155552671',
      '+64215550501',
    ]);
    const next = await app.request('GET', `${doNotCall.collection()}?limit=2&after=${list.body.nextCursor}`, {
      token: admin,
    });
    expect(next.body.entries.map((e: { phoneNumber: string }) => e.phoneNumber)).toEqual(['+64215550502']);
    expect(next.body.nextCursor).toBeNull();
    const found = await app.request('GET', `${doNotCall.collection()}?search=0502`, { token: admin });
    expect(found.body.entries).toHaveLength(1);

    const exported = await app.request('GET', doNotCall.export(), { token: admin });
    const rows = Papa.parse<string[]>(exported.text, { skipEmptyLines: 'greedy' }).data;
    expect(rows.map((row) => row[0])).toEqual(['phoneNumber', "'+14155552671", "'+64215550501", "'+64215550502"]);

    const other = await freshTenant(app);
    expect(
      (await app.request('DELETE', doNotCall.byId(added.body.entry.id), { token: other.admin.token })).status,
    ).toBe(404);
    expect(
      (await app.request('DELETE', doNotCall.byId(added.body.entry.id), { token: tenant.user.token })).status,
    ).toBe(403);
    expect((await app.request('DELETE', doNotCall.byId(added.body.entry.id), { token: admin })).status).toBe(200);
    expect((await app.request('GET', doNotCall.collection(), { token: other.admin.token })).body.total).toBe(0);
  });

  it('answers the dialer which numbers are blocked, and adds an opt-out heard in a call once', async () => {
    const { app, tenant } = suite;
    const service = app.built.services.doNotCall;
    expect(await service.addFromCall(tenant.id, '+64215550601', null)).toBe(true);
    expect(await service.addFromCall(tenant.id, '+64215550601', null)).toBe(false);
    const entry = (await app.request('GET', `${doNotCall.collection()}?search=550601`, { token: tenant.admin.token }))
      .body.entries[0];
    expect(entry).toMatchObject({ source: 'call', reason: 'Asked not to be called again during a call' });
    expect([...(await service.isBlocked(tenant.id, ['+64215550601', '+64215550602']))]).toEqual(['+64215550601']);
    const other = await freshTenant(app);
    expect((await service.isBlocked(other.id, ['+64215550601'])).size).toBe(0);
  });
});
