import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import { runProviderStep } from './provider-side';
import { retryPause } from './provider-intents.service';

const notFound = () => new DomainError('PROVIDER_NOT_FOUND', 'gone');

/** Providers that record each call and fail as told. */
function providers(fail: (call: string) => Error | null) {
  const calls: string[] = [];
  const act = (call: string) => {
    calls.push(call);
    const error = fail(call);
    return error ? Promise.reject(error) : Promise.resolve();
  };
  const deps = {
    voice: {
      deletePhoneNumber: (id: string) => act(`deletePhoneNumber ${id}`),
      deleteAgent: (id: string) => act(`deleteAgent ${id}`),
      deleteKnowledgeDocument: (id: string) => act(`deleteKnowledgeDocument ${id}`),
      assignPhoneNumber: (id: string, agentId: string | null) => act(`assignPhoneNumber ${id} ${agentId}`),
    },
    telephony: { releaseNumber: (sid: string) => act(`releaseNumber ${sid}`) },
  } as unknown as Pick<AppDeps, 'voice' | 'telephony'>;
  return { deps, calls };
}

describe('runProviderStep', () => {
  it('takes what is already gone as done', async () => {
    const { deps, calls } = providers(notFound);
    await runProviderStep(deps, { step: 'release-number', sid: 'PN1' });
    await runProviderStep(deps, { step: 'delete-agent', agentId: 'a1' });
    expect(calls).toEqual(['releaseNumber PN1', 'deleteAgent a1']);
  });

  it('lets other failures through', async () => {
    const { deps } = providers(() => new DomainError('PROVIDER_UNAVAILABLE', 'down'));
    await expect(runProviderStep(deps, { step: 'delete-knowledge', documentId: 'd1' })).rejects.toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
    });
  });

  it('points a number at nobody when its previous agent is gone', async () => {
    const { deps, calls } = providers((call) => (call === 'assignPhoneNumber ph1 a-old' ? notFound() : null));
    await runProviderStep(deps, { step: 'assign-number', phoneNumberId: 'ph1', agentId: 'a-old' });
    expect(calls).toEqual(['assignPhoneNumber ph1 a-old', 'assignPhoneNumber ph1 null']);
  });
});

describe('retryPause', () => {
  it('doubles the lease with each attempt, up to an hour', () => {
    expect(retryPause(30_000, 0)).toBe(30_000);
    expect(retryPause(30_000, 3)).toBe(240_000);
    expect(retryPause(30_000, 40)).toBe(3_600_000);
  });
});
