import { beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '@shared/api/routes';
import { dialingPreviewResponseSchema } from '@shared/schemas/dialer-preview.schema';
import { useApiSuite } from './support/api-suite';
import { importCsv, sendCsv } from './support/contact-imports';
import { outboundScene } from './support/outbound-scene';
import { DIALER_JOBS_OFF, testClock, TEST_DATABASES, type TestApp } from './support/test-app';

/** Wednesday 25 November 2026, 11:00 in Auckland: inside the scene's calling window. */
const WEDNESDAY_MORNING_NZ = new Date('2026-11-24T22:00:00.000Z');

const MARKETING = { scope: 'marketing', source: 'web_form', capturedAt: '2026-11-20T09:00:00Z', evidence: 'form #12' };
const INFORMATIONAL = { scope: 'informational', source: 'paper', capturedAt: '2026-11-21T09:00:00Z', evidence: '' };

/** Consent per contact, its ledger, and a marketing campaign calling only contacts with marketing consent. */
describe.each(TEST_DATABASES)('consent (%s)', (kind) => {
  const clock = testClock(WEDNESDAY_MORNING_NZ);
  const suite = useApiSuite(kind, { clock, config: { dialerCallsPerSecond: 50, workerJobs: DIALER_JOBS_OFF } });
  let app: TestApp;
  let scene: Awaited<ReturnType<typeof outboundScene>>;

  beforeAll(async () => {
    app = suite.app;
    scene = await outboundScene(app, suite.tenant, clock);
  });

  const admin = () => ({ token: suite.tenant.admin.token });

  async function addContact(campaignId: string, phoneNumber: string, consent?: unknown) {
    const res = await app.request('POST', apiRoutes.contacts.collection(campaignId), {
      ...admin(),
      body: consent === undefined ? { phoneNumber } : { phoneNumber, consent },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.contact as { id: string; consent: unknown };
  }

  it('keeps each consent change in the ledger with who made it', async () => {
    const campaignId = await scene.insertCampaign({ purpose: 'marketing' });
    const contact = await addContact(campaignId, '+6421000310', INFORMATIONAL);
    expect(contact.consent).toEqual({ ...INFORMATIONAL, capturedAt: '2026-11-21T09:00:00.000Z' });

    const upgraded = await app.request('PATCH', apiRoutes.contacts.byId(contact.id), {
      ...admin(),
      body: { consent: MARKETING },
    });
    expect(upgraded.status, upgraded.text).toBe(200);
    const withdrawn = await app.request('PATCH', apiRoutes.contacts.byId(contact.id), {
      ...admin(),
      body: { consent: null },
    });
    expect(withdrawn.body.contact.consent).toBeNull();

    const ledger = await app.deps.db('consent_ledger').where({ contact_id: contact.id }).orderBy('id');
    expect(ledger.map((row: { scope: string | null }) => row.scope)).toEqual(['informational', 'marketing', null]);
    expect(new Set(ledger.map((row: { changed_by: string }) => row.changed_by)).size).toBe(1);
    expect(ledger[0].changed_by).toBeTruthy();

    const csv = await app.request('GET', apiRoutes.contacts.contactConsent(contact.id), {
      token: suite.tenant.user.token,
    });
    expect(csv.status, csv.text).toBe(200);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('changedAt,changedBy,changedByEmail,contactId,phoneNumber,scope,source,capturedAt,evidence');
    expect(lines).toHaveLength(4);
    // Who made each change, by e-mail as well: a dispute names a person.
    for (const line of lines.slice(1)) expect(line.split(',')[2]).toBe(suite.tenant.admin.email);
    expect(lines[2]).toContain('marketing,web_form,2026-11-20T09:00:00.000Z,form #12');
    const campaignCsv = await app.request('GET', apiRoutes.contacts.campaignConsent(campaignId), admin());
    expect(campaignCsv.text.trim().split('\r\n')).toHaveLength(4);
  });

  it('takes consent from CSV columns into the contacts and the ledger, and gives it back in the export', async () => {
    const campaignId = await scene.insertCampaign({ purpose: 'marketing' });
    const csv = [
      'phone,consentScope,consentSource,consentCapturedAt,consentEvidence,name',
      '+6421000320,marketing,web_form,2026-11-20T09:00:00Z,form #7,Ana',
      '+6421000321,informational,,2026-11-02,,Ben',
      '+6421000322,,,,,Cai',
      '+6421000323,sales,,,,Dee',
      '+6421000324,,paper,,signed,Eve',
    ].join('\n');

    const preview = await sendCsv(app, admin().token, `${apiRoutes.contacts.import(campaignId)}?dryRun=true`, csv);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.report.imported).toBe(3);
    expect(preview.body.report.skipped.invalid_consent).toBe(2);
    expect(preview.body.report.issues).toEqual([
      {
        row: 5,
        phoneNumber: '+6421000323',
        reason: 'invalid_consent',
        detail: 'Consent scope must be informational or marketing',
      },
      {
        row: 6,
        phoneNumber: '+6421000324',
        reason: 'invalid_consent',
        detail: 'consentScope is empty but other consent columns are not',
      },
    ]);

    const finished = await importCsv(app, admin().token, campaignId, csv);
    expect(finished.status).toBe('finished');
    const listed = await app.request('GET', apiRoutes.contacts.collection(campaignId), admin());
    const byNumber = new Map(
      (listed.body.contacts as Array<{ phoneNumber: string; consent: unknown; metadata: unknown }>).map((c) => [
        c.phoneNumber,
        c,
      ]),
    );
    expect(byNumber.get('+6421000320')).toMatchObject({
      metadata: { name: 'Ana' },
      consent: { scope: 'marketing', source: 'web_form', capturedAt: '2026-11-20T09:00:00.000Z', evidence: 'form #7' },
    });
    expect(byNumber.get('+6421000321')?.consent).toEqual({
      scope: 'informational',
      source: 'csv_import',
      capturedAt: '2026-11-02T00:00:00.000Z',
      evidence: '',
    });
    expect(byNumber.get('+6421000322')?.consent).toBeNull();

    const ledger = await app.deps.db('consent_ledger').where({ campaign_id: campaignId }).orderBy('id');
    expect(ledger.map((row: { phone_number: string }) => row.phone_number).sort()).toEqual([
      '+6421000320',
      '+6421000321',
    ]);
    const importer = await app.deps.db('users').where({ email: suite.tenant.admin.email }).first('id');
    expect(new Set(ledger.map((row: { changed_by: string }) => row.changed_by))).toEqual(new Set([importer.id]));

    const exported = await app.request('GET', apiRoutes.contacts.export(campaignId), admin());
    expect(exported.status, exported.text).toBe(200);
    const [header, ...rows] = exported.text.trim().split('\r\n');
    expect(header).toBe(
      'phoneNumber,status,retries,maxRetries,retryDelayMinutes,consentScope,consentSource,consentCapturedAt,consentEvidence,name',
    );
    expect(rows).toContain("'+6421000320,pending,0,3,30,marketing,web_form,2026-11-20T09:00:00.000Z,form #7,Ana");

    // The export imported into another campaign gives the same consent back.
    const copy = await scene.insertCampaign({ purpose: 'marketing' });
    expect((await importCsv(app, admin().token, copy, exported.text)).report?.imported).toBe(3);
    const copied = await app.request('GET', apiRoutes.contacts.collection(copy), admin());
    expect(
      (copied.body.contacts as Array<{ phoneNumber: string; consent: unknown }>).find(
        (c) => c.phoneNumber === '+6421000320',
      )?.consent,
    ).toEqual(byNumber.get('+6421000320')?.consent);
  });

  it('refuses consent that is not one of the scopes and sources, as a 400', async () => {
    const campaignId = await scene.insertCampaign();
    const res = await app.request('POST', apiRoutes.contacts.collection(campaignId), {
      ...admin(),
      body: { phoneNumber: '+6421000311', consent: { ...MARKETING, scope: 'everything' } },
    });
    expect(res.status, res.text).toBe(400);
  });

  it('previews and dials a marketing campaign with only its consenting contacts', async () => {
    const campaignId = await scene.insertCampaign({ purpose: 'marketing' });
    const consenting = await addContact(campaignId, '+6421000320', MARKETING);
    const informational = await addContact(campaignId, '+6421000321', INFORMATIONAL);
    const silent = await addContact(campaignId, '+6421000322');

    const preview = await app.request('GET', apiRoutes.dialer.preview(campaignId), { token: suite.tenant.user.token });
    expect(preview.status, preview.text).toBe(200);
    expect(() => dialingPreviewResponseSchema.validateSync(preview.body, { strict: true })).not.toThrow();
    expect(preview.body).toMatchObject({ total: 3, callableNow: 1, neverCallable: { count: 2, noConsent: 2 } });

    // A pass a call interval apart, until no contact of the campaign is left to look at.
    const pending = () =>
      app.deps.db('outbound_contacts').where({ campaign_id: campaignId, status: 'pending' }).whereNull('skip_reason');
    for (let pass = 0; pass < 10 && (await pending()).length > 0; pass += 1) {
      await scene.dial(campaignId);
      clock.advance(60_000);
    }
    const called = await app.deps.db('call_attempts').where({ campaign_id: campaignId }).select('contact_id');
    expect(called.map((row: { contact_id: string }) => row.contact_id)).toEqual([consenting.id]);
    // Not failed: they wait, pending with reason no_consent, as the preview shows them.
    const waiting = await app.request('GET', apiRoutes.contacts.collection(campaignId), admin());
    const byId = new Map(
      (waiting.body.contacts as Array<{ id: string; status: string; skipReason: string | null }>).map((c) => [c.id, c]),
    );
    for (const id of [informational.id, silent.id]) {
      expect(byId.get(id)).toMatchObject({ status: 'pending', skipReason: 'no_consent' });
    }
    expect(byId.get(consenting.id)?.skipReason).toBeNull();
    // A parked contact does not keep the campaign awake.
    expect(await app.built.services.contactDialing.nextDueAt(campaignId)).toBeNull();

    // Consent added later: the contact is called.
    const given = await app.request('PATCH', apiRoutes.contacts.byId(silent.id), {
      ...admin(),
      body: { consent: MARKETING },
    });
    expect(given.status, given.text).toBe(200);
    expect(given.body.contact).toMatchObject({ status: 'pending', skipReason: null });
    await scene.dial(campaignId);
    const calledAfter = await app.deps.db('call_attempts').where({ campaign_id: campaignId }).select('contact_id');
    expect(calledAfter.map((row: { contact_id: string }) => row.contact_id).sort()).toEqual(
      [consenting.id, silent.id].sort(),
    );
    expect((await app.deps.db('outbound_contacts').where({ id: informational.id }).first()).status).toBe('pending');
  });

  it('tells the campaign’s screens when its contacts are set aside for want of consent', async () => {
    const campaignId = await scene.insertCampaign({ purpose: 'marketing' });
    await addContact(campaignId, '+6421000340', INFORMATIONAL);
    await addContact(campaignId, '+6421000341');
    expect((await scene.dial(campaignId)).placed).toBe(0);
    const announced = await app.deps
      .db('event_log')
      .where({ tenant_id: suite.tenant.id, type: 'campaign.progress' })
      .select('data');
    const data = announced.map((row: { data: string | Record<string, unknown> }) =>
      typeof row.data === 'string' ? JSON.parse(row.data) : row.data,
    );
    expect(data).toContainEqual({ campaignId, completed: 0, total: 2 });
  });

  it('previews an informational campaign without asking for consent', async () => {
    const campaignId = await scene.insertCampaign();
    await addContact(campaignId, '+6421000330');
    const preview = await app.request('GET', apiRoutes.dialer.preview(campaignId), { token: suite.tenant.user.token });
    expect(preview.body).toMatchObject({ total: 1, callableNow: 1, neverCallable: { count: 0, noConsent: 0 } });
  });
});
