import type { ContactImport } from '@shared/api/contacts.types';
import { apiRoutes } from '@shared/api/routes';
import { expectStatus, type ApiClient } from './api-client';
import { eventually } from './eventually';

const { contacts } = apiRoutes;

/** Sends a CSV file as the import's body; `dryRun` answers the report without writing. */
export function sendCsv(client: ApiClient, token: string, path: string, csv: string) {
  return client.request('POST', path, { token, raw: csv, headers: { 'content-type': 'text/csv' } });
}

/** Starts an import and waits for its job to finish; resolves to the finished import. */
export async function importCsv(client: ApiClient, token: string, campaignId: string, csv: string, timeoutMs = 30_000) {
  const started = expectStatus(await sendCsv(client, token, contacts.import(campaignId), csv), 202, 'import').body
    .import as ContactImport;
  return eventually(async () => {
    const res = await client.request('GET', contacts.importById(started.id), { token });
    const current = res.body.import as ContactImport;
    if (current.status !== 'finished' && current.status !== 'failed') throw new Error(`still ${current.status}`);
    return current;
  }, timeoutMs);
}
