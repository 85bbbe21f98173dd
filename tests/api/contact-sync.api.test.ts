import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContactSyncResponse } from '@shared/api/contact-sync.types';
import type { OutboundContact } from '@shared/api/contacts.types';
import { apiRoutes } from '@shared/api/routes';
import { CONTACT_SYNC_LIMITS, CONTACT_SYNC_MESSAGES } from '@shared/schemas/contact-sync.schema';
import { createOutboundCampaign, freshTenant, INBOUND_CAMPAIGN, type FreshTenant } from './support/api-actions';
import { expectStatus } from './support/api-client';
import { updateContactRows } from './support/contact-rows';
import { useApiSuite } from './support/api-suite';
import { TEST_DATABASES, type TestApp } from './support/test-app';

const { campaigns, contacts, doNotCall } = apiRoutes;

describe.each(TEST_DATABASES)('contact draft sync API (%s)', (kind) => {
  const suite = useApiSuite(kind, {
    tenant: { outboundCallingEnabled: true, planTerms: { maxAgents: 10, maxCampaigns: 10 } },
  });
  let app: TestApp;
  let tenant: FreshTenant;
  let admin: string;
  let campaignId: string;

  const sync = (changes: unknown, key: string = randomUUID(), campaign = campaignId, token = admin) =>
    app.request('POST', contacts.sync(campaign), { token, body: { changes }, headers: { 'idempotency-key': key } });
  const report = async (changes: unknown, key?: string, campaign?: string) => {
    const res = await sync(changes, key, campaign);
    return expectStatus(res, 200, 'sync').body as ContactSyncResponse;
  };
  const add = async (phoneNumber: string, metadata: Record<string, string> = {}, campaign = campaignId) =>
    expectStatus(
      await app.request('POST', contacts.collection(campaign), { token: admin, body: { phoneNumber, metadata } }),
      201,
      'contact',
    ).body.contact as OutboundContact;
  const allOf = async (campaign = campaignId) =>
    (await app.request('GET', `${contacts.collection(campaign)}?limit=200`, { token: admin })).body
      .contacts as OutboundContact[];

  beforeAll(async () => {
    ({ app, tenant } = suite);
    admin = tenant.admin.token;
    ({ campaignId } = await createOutboundCampaign(app, admin));
  });

  it('applies what did not change underneath and answers the contacts as written', async () => {
    const kept = await add('+64215551001', { name: 'Ana' });
    const gone = await add('+64215551002');
    const { results, replayed } = await report([
      { key: 'new-1', op: 'create', phoneNumber: '021 555 1003', metadata: { name: 'Cy', visits: 2 } },
      { key: kept.id, op: 'update', contactId: kept.id, baseVersion: kept.version, metadata: { name: 'Ana B' } },
      { key: gone.id, op: 'delete', contactId: gone.id, baseVersion: gone.version },
    ]);
    expect(replayed).toBe(false);
    expect(results.map((r) => [r.key, r.outcome])).toEqual([
      ['new-1', 'applied'],
      [kept.id, 'applied'],
      [gone.id, 'applied'],
    ]);
    expect(results[0]?.contact).toMatchObject({
      phoneNumber: '+64215551003',
      metadata: { name: 'Cy', visits: '2' },
      status: 'pending',
      maxRetries: 3,
      retryDelayMinutes: 30,
      version: 1,
    });
    expect(results[1]?.contact).toMatchObject({ id: kept.id, metadata: { name: 'Ana B' }, version: kept.version + 1 });
    expect(results[2]?.contact).toBeUndefined();
    const numbers = (await allOf()).map((c) => c.phoneNumber);
    expect(numbers).toEqual(expect.arrayContaining(['+64215551001', '+64215551003']));
    expect(numbers).not.toContain('+64215551002');
  });

  it('stores the zone of a synced contact from its metadata or its number, again when a sync changes them', async () => {
    const landline = await add('+12125551010');
    const { results } = await report([
      { key: 'zoned', op: 'create', phoneNumber: '+64215551011', metadata: { timezone: 'Pacific/Chatham' } },
      {
        key: landline.id,
        op: 'update',
        contactId: landline.id,
        baseVersion: landline.version,
        metadata: { timezone: 'America/Chicago' },
      },
    ]);
    expect(results.map((r) => [r.key, r.contact?.timezones, r.contact?.timezoneSource])).toEqual([
      ['zoned', ['Pacific/Chatham'], 'metadata'],
      [landline.id, ['America/Chicago'], 'metadata'],
    ]);
    // A zone no clock has is the request's 400 (the draft editor checks the same row first).
    const bad = await sync([
      { key: 'bad', op: 'create', phoneNumber: '+64215551012', metadata: { timezone: 'Pacific/Nowhere' } },
    ]);
    expect(bad.status).toBe(400);
  });

  it('refuses a change to a contact that changed, was deleted or is being dialled, with the server contact', async () => {
    const changed = await add('+64215551101');
    const deleted = await add('+64215551102');
    const dialled = await add('+64215551103');
    const edited = await app.request('PATCH', contacts.byId(changed.id), {
      token: admin,
      body: { metadata: { note: 'server' } },
    });
    expect(edited.status).toBe(200);
    expect((await app.request('DELETE', contacts.byId(deleted.id), { token: admin })).status).toBe(200);
    await updateContactRows(app.deps.db, [dialled.id], { status: 'in_progress' });

    const { results } = await report([
      { key: 'a', op: 'update', contactId: changed.id, baseVersion: changed.version, metadata: { note: 'draft' } },
      { key: 'b', op: 'update', contactId: deleted.id, baseVersion: deleted.version, phoneNumber: '+64215551104' },
      { key: 'c', op: 'update', contactId: dialled.id, baseVersion: dialled.version, metadata: { x: '1' } },
      { key: 'd', op: 'delete', contactId: changed.id, baseVersion: changed.version },
    ]);
    expect(results[0]).toMatchObject({
      outcome: 'conflict',
      server: { id: changed.id, metadata: { note: 'server' }, version: changed.version + 1 },
      message: 'This contact was changed on the server since the draft read it.',
    });
    expect(results[1]).toMatchObject({
      outcome: 'conflict',
      server: null,
      message: 'This contact was deleted on the server since the draft read it.',
    });
    expect(results[2]).toMatchObject({ outcome: 'conflict', server: { id: dialled.id, status: 'in_progress' } });
    expect(results[2]?.message).toMatch(/being called right now/);
    expect(results[3]).toMatchObject({ outcome: 'conflict', server: { id: changed.id } });
    const after = await app.request('GET', contacts.byId(changed.id), { token: admin });
    expect(after.body.contact.metadata).toEqual({ note: 'server' });
    expect((await app.request('GET', contacts.byId(dialled.id), { token: admin })).body.contact.metadata).toEqual({});
    expect((await allOf()).map((c) => c.phoneNumber)).not.toContain('+64215551104');
  });

  it("the dialer's progress does not count as a change: a draft read before a call still applies", async () => {
    const contact = await add('+64215551201');
    await updateContactRows(app.deps.db, [contact.id], { status: 'in_progress' });
    const { results: busy } = await report([
      { key: 'x', op: 'update', contactId: contact.id, baseVersion: contact.version, metadata: { a: '1' } },
    ]);
    expect(busy[0]?.outcome).toBe('conflict');
    // The dialer settles the call (its own columns only); the operator's draft is still at the right version.
    await updateContactRows(app.deps.db, [contact.id], { status: 'pending', attempts_made: 1 });
    const { results } = await report([
      { key: 'x', op: 'update', contactId: contact.id, baseVersion: contact.version, metadata: { a: '1' } },
    ]);
    expect(results[0]).toMatchObject({ outcome: 'applied', contact: { metadata: { a: '1' }, attemptsMade: 1 } });
  });

  it('reports invalid rows by the import rules and still applies the others', async () => {
    const existing = await add('+64215551301');
    const other = await add('+64215551302');
    expectStatus(
      await app.request('POST', doNotCall.collection(), { token: admin, body: { phoneNumber: '+64215551303' } }),
      201,
      'do-not-call entry',
    );
    const { results } = await report([
      { key: 'bad', op: 'create', phoneNumber: '12' },
      { key: 'dup', op: 'create', phoneNumber: '+64 21 555 1301' },
      { key: 'dnc', op: 'create', phoneNumber: '+64215551303' },
      { key: 'twice-1', op: 'create', phoneNumber: '+64215551304' },
      { key: 'twice-2', op: 'create', phoneNumber: '021 555 1304' },
      { key: 'taken', op: 'update', contactId: other.id, baseVersion: other.version, phoneNumber: '+64215551301' },
      { key: 'ok', op: 'create', phoneNumber: '+64215551305' },
    ]);
    expect(results.map((r) => [r.key, r.outcome, r.message])).toEqual([
      ['bad', 'invalid', expect.stringMatching(/^Invalid phone number format: /)],
      ['dup', 'invalid', 'This number is already in the campaign.'],
      ['dnc', 'invalid', 'This number is on the do-not-call list.'],
      ['twice-1', 'applied', undefined],
      ['twice-2', 'invalid', 'This number is already in the campaign.'],
      ['taken', 'invalid', 'This number is already in the campaign.'],
      ['ok', 'applied', undefined],
    ]);
    expect((await app.request('GET', contacts.byId(other.id), { token: admin })).body.contact.version).toBe(
      other.version,
    );
    expect(existing.phoneNumber).toBe('+64215551301');
  });

  it('lets a number move between rows of one sync: deletes and updates free numbers before creates take them', async () => {
    const leaving = await add('+64215551401');
    const { results } = await report([
      { key: 'arrive', op: 'create', phoneNumber: '+64215551401', metadata: { who: 'new' } },
      { key: 'leave', op: 'update', contactId: leaving.id, baseVersion: leaving.version, phoneNumber: '+64215551402' },
    ]);
    expect(results.map((r) => r.outcome)).toEqual(['applied', 'applied']);
    expect(results[1]?.contact?.phoneNumber).toBe('+64215551402');
  });

  it('answers a repeated sync with the stored report and changes nothing, never a duplicate contact', async () => {
    const key = randomUUID();
    const before = await allOf();
    const changes = [{ key: 'r1', op: 'create', phoneNumber: '+64215551501', metadata: { n: '1' } }];
    const first = await report(changes, key);
    expect(first.replayed).toBe(false);
    const again = await report(changes, key);
    expect(again).toEqual({ results: first.results, replayed: true });
    // A retry whose body changed meanwhile still gets the first answer: the key is the sync.
    const changedRetry = await report([{ key: 'r2', op: 'create', phoneNumber: '+64215551502' }], key);
    expect(changedRetry.results).toEqual(first.results);
    const after = await allOf();
    expect(after.length).toBe(before.length + 1);
    expect(after.filter((c) => c.phoneNumber === '+64215551501')).toHaveLength(1);
    expect(after.map((c) => c.phoneNumber)).not.toContain('+64215551502');

    const [a, b] = await Promise.all([
      sync(
        changes.map((c) => ({ ...c, phoneNumber: '+64215551503' })),
        'same-key-racing',
      ),
      sync(
        changes.map((c) => ({ ...c, phoneNumber: '+64215551503' })),
        'same-key-racing',
      ),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.replayed, b.body.replayed].sort()).toEqual([false, true]);
    expect((await allOf()).filter((c) => c.phoneNumber === '+64215551503')).toHaveLength(1);
  });

  it("refuses a key used for another campaign's sync", async () => {
    const key = randomUUID();
    await report([{ key: 'k', op: 'create', phoneNumber: '+64215551601' }], key);
    const { campaignId: second } = await createOutboundCampaign(app, admin);
    const res = await sync([{ key: 'k', op: 'create', phoneNumber: '+64215551601' }], key, second);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This Idempotency-Key was used for a sync of another campaign.');
    expect(res.body.code).toBe('CONTACT_SYNC_KEY_REUSED');
    expect(await allOf(second)).toEqual([]);
  });

  it('checks the request: the key header, the bounds, the shape of each change', async () => {
    const one = [{ key: 'a', op: 'create', phoneNumber: '+64215551701' }];
    const noKey = await app.request('POST', contacts.sync(campaignId), { token: admin, body: { changes: one } });
    expect(noKey.status).toBe(400);
    expect(noKey.body.message).toBe(CONTACT_SYNC_MESSAGES.idempotencyKey);
    expect((await sync(one, 'short')).status).toBe(400);
    expect((await sync(one, 'x'.repeat(129))).status).toBe(400);
    expect((await sync(one, 'has spaces in it')).status).toBe(400);

    const bounds = [
      [],
      Array.from({ length: CONTACT_SYNC_LIMITS.changes + 1 }, (_, i) => ({
        key: `k${i}`,
        op: 'create',
        phoneNumber: '+64215551702',
      })),
      'nope',
    ];
    for (const changes of bounds) {
      const res = await sync(changes);
      expect(res.status, JSON.stringify(changes).slice(0, 40)).toBe(400);
      expect(res.body.message).toBe(CONTACT_SYNC_MESSAGES.changes);
    }
    const shapes: Array<[unknown, string]> = [
      [
        [
          { key: 'a', op: 'create', phoneNumber: '+64215551703' },
          { key: 'a', op: 'create', phoneNumber: '+64215551704' },
        ],
        CONTACT_SYNC_MESSAGES.duplicateKey,
      ],
      [[{ key: 'a', op: 'upsert', phoneNumber: '+64215551703' }], CONTACT_SYNC_MESSAGES.op],
      [[{ key: 'a', op: 'update', metadata: {} }], CONTACT_SYNC_MESSAGES.contactId],
      [[{ key: 'a', op: 'update', contactId: 'c', baseVersion: 0 }], CONTACT_SYNC_MESSAGES.baseVersion],
      [[{ key: 'a', op: 'create' }], CONTACT_SYNC_MESSAGES.phoneNumber],
      [[{ key: '', op: 'create', phoneNumber: '+64215551703' }], CONTACT_SYNC_MESSAGES.key],
      [[{ key: 'a', op: 'create', phoneNumber: '+64215551703', status: 'completed' }], 'Unknown field: status'],
      [
        [{ key: 'a', op: 'create', phoneNumber: '+64215551703', metadata: ['x'] }],
        expect.stringMatching(/^Metadata must be/),
      ],
    ];
    for (const [changes, message] of shapes) {
      const res = await sync(changes);
      expect(res.status, JSON.stringify(changes)).toBe(400);
      expect(res.body.message).toEqual(message);
    }
    expect((await allOf()).map((c) => c.phoneNumber)).not.toContain('+64215551703');
    const full = Array.from({ length: CONTACT_SYNC_LIMITS.changes }, (_, i) => ({
      key: `k${i}`,
      op: 'create',
      phoneNumber: `+6421560${String(i).padStart(4, '0')}`,
    }));
    const { results } = await report(full);
    expect(results.filter((r) => r.outcome === 'applied')).toHaveLength(CONTACT_SYNC_LIMITS.changes);
  });

  it('leaves syncs to admins, refuses inbound campaigns and hides other tenants', async () => {
    const one = [{ key: 'a', op: 'create', phoneNumber: '+64215551801' }];
    expect((await sync(one, randomUUID(), campaignId, tenant.user.token)).status).toBe(403);
    const inbound = expectStatus(
      await app.request('POST', campaigns.collection(), { token: admin, body: INBOUND_CAMPAIGN }),
      201,
      'inbound campaign',
    ).body.campaign.id as string;
    const refused = await sync(one, randomUUID(), inbound);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CAMPAIGN_NOT_OUTBOUND');
    expect(refused.body.message).toBe('This campaign is not configured for outbound calling.');

    const contact = await add('+64215551802');
    const other = await freshTenant(app, { outboundCallingEnabled: true });
    const foreign = await sync(one, randomUUID(), campaignId, other.admin.token);
    expect(foreign.status).toBe(404);
    const random = await sync(one, randomUUID(), randomUUID(), other.admin.token);
    expect(foreign.body).toEqual(random.body);
    // Another tenant's contact id in its own campaign's sync is simply not there.
    const { campaignId: theirs } = await createOutboundCampaign(app, other.admin.token);
    const res = await app.request('POST', contacts.sync(theirs), {
      token: other.admin.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { changes: [{ key: 'z', op: 'update', contactId: contact.id, baseVersion: 1, metadata: { x: 'y' } }] },
    });
    expect(res.body.results[0]).toMatchObject({ outcome: 'conflict', server: null });
    expect((await app.request('GET', contacts.byId(contact.id), { token: admin })).body.contact.metadata).toEqual({});
    expect((await allOf()).map((c) => c.phoneNumber)).not.toContain('+64215551801');
  });
});
