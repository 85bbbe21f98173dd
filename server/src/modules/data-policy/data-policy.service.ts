import type { DataPolicy } from '@shared/api/data-policy.types';
import { redactPii } from '@shared/domain/pii-redaction';
import { isPhoneCountry } from '@shared/domain/contact-number';
import type { Knex } from 'knex';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import type { AuditService, TenantActor } from '../audit/audit.service';
import { findDataPolicy, findRedactionSettings, saveDataPolicy, tenantsWithRetention } from './data-policy.store';

export type DataPolicyService = ReturnType<typeof createDataPolicyService>;

/** Redacts one text as the tenant's policy asks. */
export type Redactor = (text: string) => string;

/**
 * Keys of webhook data that are the event's subject rather than call text: ids, times, and the number an opt-out or a
 * transfer is about. Everything else in a payload is redacted when the tenant redacts.
 */
const WEBHOOK_SUBJECT_KEY = /(?:^id|Id|At|For)$|^(?:phoneNumber|transferredTo|month|percent)$/;

function redactData(value: unknown, redact: Redactor, key = ''): unknown {
  if (typeof value === 'string') return WEBHOOK_SUBJECT_KEY.test(key) ? value : redact(value);
  if (Array.isArray(value)) return value.map((item) => redactData(item, redact, key));
  if (value && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) copy[name] = redactData(item, redact, name);
    return copy;
  }
  return value;
}

/**
 * A tenant's data policy (issue 25 §4): whether personal data is redacted before call text is stored or sent, and how
 * long recordings and transcripts are kept. Admins change it; the change is audited.
 */
export function createDataPolicyService(deps: Pick<AppDeps, 'db'>, audit: Pick<AuditService, 'byActor'>) {
  const { db } = deps;

  async function get(tenantId: string, trx?: Knex.Transaction): Promise<DataPolicy> {
    const policy = await findDataPolicy(trx ?? db, tenantId);
    if (!policy) throw new DomainError('NOT_FOUND', 'Tenant not found.');
    return policy;
  }

  /** The tenant's redactor when its policy redacts, otherwise null (text is stored as said). */
  async function redactorFor(tenantId: string, trx?: Knex.Transaction): Promise<Redactor | null> {
    const settings = await findRedactionSettings(trx ?? db, tenantId);
    if (!settings) throw new DomainError('NOT_FOUND', 'Tenant not found.');
    if (!settings.redactPii) return null;
    // Callers' national numbers (said without +) are read as the tenant's country's; others are found regardless.
    const defaultCountry = isPhoneCountry(settings.country) ? settings.country : undefined;
    return (text) => redactPii(text, { defaultCountry });
  }

  return {
    get,
    redactorFor,

    async update(actor: TenantActor, input: DataPolicy): Promise<DataPolicy> {
      const previous = await get(actor.tenantId);
      const policy: DataPolicy = {
        redactPii: input.redactPii,
        recordingRetentionDays: input.recordingRetentionDays,
        transcriptRetentionDays: input.transcriptRetentionDays,
      };
      if (!(await saveDataPolicy(db, actor.tenantId, policy))) throw new DomainError('NOT_FOUND', 'Tenant not found.');
      await audit.byActor('data-policy.updated', actor, { previous, policy });
      return policy;
    },

    /**
     * Data derived from calls (a webhook event's data, a call's analysis) as the tenant's policy lets it be stored or
     * leave: its text redacted, its ids, times and subject number kept.
     */
    async redactedData<T>(tenantId: string, data: T, trx?: Knex.Transaction): Promise<T> {
      const redact = await redactorFor(tenantId, trx);
      return redact ? (redactData(data, redact) as T) : data;
    },

    tenantsWithRetention: () => tenantsWithRetention(db),
  };
}
