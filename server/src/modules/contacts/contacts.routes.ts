import type Router from '@koa/router';
import type {
  ContactImportResponse,
  ContactResponse,
  ContactsPage,
  ImportPreviewResponse,
} from '@shared/api/contacts.types';
import type { ContactSyncResponse } from '@shared/api/contact-sync.types';
import { apiRoutes } from '@shared/api/routes';
import { contactSyncSchema, syncIdempotencyKeySchema } from '@shared/schemas/contact-sync.schema';
import {
  contactImportQuerySchema,
  contactsQuerySchema,
  createContactSchema,
  updateContactSchema,
} from '@shared/schemas/contact.schema';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import { authOf, tenantIdOf, type AppContext, type AppState, type Guards } from '../../http/auth.middleware';
import { readCsvBody } from '../../http/csv-body';
import { sendCsv } from '../../http/csv-download';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

/** Outbound contacts: any member reads and exports; admins add, change, delete and import. */
export function contactsRoutes(_deps: AppDeps, guards: Guards, { contacts, contactSync }: Services): Router<AppState> {
  const router = createApiRouter(guards);
  const routes = apiRoutes.contacts;
  const idOf = (ctx: AppContext) => (ctx.params as Record<string, string | undefined>).id ?? '';

  router.handle(routes.collection, 'GET', async (ctx) => {
    const query = await validate(contactsQuerySchema, ctx.query);
    const body: ContactsPage = await contacts.list(tenantIdOf(ctx), idOf(ctx), query);
    ctx.body = body;
  });

  router.handle(routes.collection, 'POST', async (ctx) => {
    const input = await validate(createContactSchema, ctx.request.body);
    const body: ContactResponse = {
      contact: await contacts.create(tenantIdOf(ctx), idOf(ctx), input, authOf(ctx).userId),
    };
    ctx.status = 201;
    ctx.body = body;
  });

  router.handle(routes.import, 'POST', async (ctx) => {
    const { dryRun } = await validate(contactImportQuerySchema, ctx.query);
    const csv = await readCsvBody(ctx.req);
    if (dryRun) {
      const body: ImportPreviewResponse = { report: await contacts.previewImport(tenantIdOf(ctx), idOf(ctx), csv) };
      ctx.body = body;
      return;
    }
    const body: ContactImportResponse = {
      import: await contacts.startImport(tenantIdOf(ctx), authOf(ctx).userId, idOf(ctx), csv),
    };
    ctx.status = 202;
    ctx.body = body;
  });

  router.handle(routes.sync, 'POST', async (ctx) => {
    const idempotencyKey = await validate(syncIdempotencyKeySchema, ctx.get('Idempotency-Key'));
    const { changes } = await validate(contactSyncSchema, ctx.request.body);
    const body: ContactSyncResponse = await contactSync.sync(
      tenantIdOf(ctx),
      authOf(ctx).userId,
      idOf(ctx),
      idempotencyKey,
      changes,
    );
    ctx.body = body;
  });

  router.handle(routes.importById, 'GET', async (ctx) => {
    const body: ContactImportResponse = { import: await contacts.getImport(tenantIdOf(ctx), idOf(ctx)) };
    ctx.body = body;
  });

  router.handle(routes.export, 'GET', async (ctx) => {
    sendCsv(ctx, 'contacts.csv', await contacts.exportCsv(tenantIdOf(ctx), idOf(ctx)));
  });

  router.handle(routes.campaignConsent, 'GET', async (ctx) => {
    sendCsv(ctx, 'consent-ledger.csv', [await contacts.campaignConsentCsv(tenantIdOf(ctx), idOf(ctx))]);
  });

  router.handle(routes.contactConsent, 'GET', async (ctx) => {
    sendCsv(ctx, 'consent-ledger.csv', [await contacts.contactConsentCsv(tenantIdOf(ctx), idOf(ctx))]);
  });

  router.handle(routes.byId, 'GET', async (ctx) => {
    const body: ContactResponse = { contact: await contacts.get(tenantIdOf(ctx), idOf(ctx)) };
    ctx.body = body;
  });

  router.handle(routes.byId, 'PATCH', async (ctx) => {
    const patch = await validate(updateContactSchema, ctx.request.body);
    const body: ContactResponse = {
      contact: await contacts.update(tenantIdOf(ctx), idOf(ctx), patch, authOf(ctx).userId),
    };
    ctx.body = body;
  });

  router.handle(routes.byId, 'DELETE', async (ctx) => {
    await contacts.remove(tenantIdOf(ctx), idOf(ctx));
    ctx.body = { message: 'Contact deleted successfully' };
  });

  return router;
}
