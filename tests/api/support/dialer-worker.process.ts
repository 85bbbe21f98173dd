import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../../server/src/app-deps';
import { loadConfig } from '../../../server/src/config';
import { openDatabase } from '../../../server/src/db/database';
import { dialectOf } from '../../../server/src/db/dialect';
import { DomainError } from '../../../server/src/domain/domain-error';
import { createLogger } from '../../../server/src/logger';
import type { TelephonyProvider } from '../../../server/src/providers/telephony/telephony.types';
import type { VoiceConversation, VoiceProvider } from '../../../server/src/providers/voice/voice.types';
import { createServices } from '../../../server/src/services';

/**
 * A dialer worker for the crash suite: the real dialer (services, stores, dialect) against the database in its
 * environment, on a business clock that runs CLOCK_SPEED times faster than the wall clock from BUSINESS_START_MS, and
 * a voice provider that is a ledger table every worker shares: each placed call is one ledger row, so the suite counts
 * what reached "the provider". A placed call is announced to this worker's own webhook queue, which a kill loses.
 */
const env = process.env;
const worker = env.WORKER_NAME ?? String(process.pid);
const config = loadConfig(env, { logLevel: 'silent', runWorkers: false });
const db = openDatabase(config);
const speed = Number(env.CLOCK_SPEED ?? 1);
const businessStart = Number(env.BUSINESS_START_MS);
const realStart = Number(env.REAL_START_MS);
const clock = { now: () => new Date(businessStart + (Date.now() - realStart) * speed) };
const LEDGER = 'test_dial_ledger';

const announced: string[] = [];

interface LedgerRow {
  conversation_id: string;
  user_id: string;
  to_number: string;
  business_at: string;
}

function conversationOf(row: LedgerRow): VoiceConversation {
  return {
    conversationId: row.conversation_id,
    agentId: 'agent_ledger',
    status: 'done',
    startedAt: row.business_at,
    durationSec: 30,
    vendorCost: { currency: 'usd', amountMicros: 0 },
    direction: 'outbound',
    agentPhoneNumber: null,
    customerPhoneNumber: row.to_number,
    outcome: 'answered',
    transcript: [],
    analysis: null,
    recordingUrl: null,
    hasRecording: false,
    userId: row.user_id,
  };
}

const voice = {
  async startOutboundCall(request) {
    const conversationId = `conv_${randomUUID()}`;
    await db(LEDGER).insert({
      conversation_id: conversationId,
      user_id: request.userId,
      to_number: request.toNumber,
      business_at: clock.now().toISOString(),
      worker,
    });
    announced.push(conversationId);
    return { conversationId, callSid: null };
  },
  async getConversation(conversationId) {
    const row = (await db(LEDGER).where({ conversation_id: conversationId }).first()) as LedgerRow | undefined;
    if (!row) throw new DomainError('PROVIDER_NOT_FOUND', 'Conversation not found at the voice provider');
    return conversationOf(row);
  },
  async findConversationsOfUser(_agentId, userId) {
    const rows = (await db(LEDGER).where({ user_id: userId }).select('conversation_id')) as LedgerRow[];
    return rows.map((row) => row.conversation_id);
  },
} satisfies Partial<VoiceProvider>;

/**
 * The carrier's record is the same ledger: a call the voice provider placed is a completed call to its number. The
 * reconciler asks it about an attempt whose worker died before anything reached the provider, and finds nothing.
 */
const telephony = {
  async getCall(callSid) {
    throw new DomainError('PROVIDER_NOT_FOUND', `No call ${callSid} at the carrier`);
  },
  async findCalls(search) {
    const rows = (await db(LEDGER)
      .where({ to_number: search.to })
      .whereBetween('business_at', [search.createdSince, search.createdUntil])
      .orderBy('business_at', 'desc')) as LedgerRow[];
    return rows.map((row) => ({
      callSid: `CA${row.conversation_id.replace(/[^0-9a-f]/g, '').slice(0, 32)}`,
      status: 'completed' as const,
      answeredBy: 'human',
      durationSec: 30,
      startedAt: row.business_at,
      endedAt: row.business_at,
      to: row.to_number,
      from: search.from,
    }));
  },
} satisfies Partial<TelephonyProvider>;

const failures = new Map<string, number>();
const note = (error: unknown) => {
  const key = error instanceof Error ? error.message.slice(0, 80) : String(error);
  failures.set(key, (failures.get(key) ?? 0) + 1);
};

// Only what the dialer touches is real (its live events included); the rest of the app's dependencies are never reached.
const notifier = dialectOf(db).createNotifier(db, note);
const deps = {
  config,
  db,
  clock,
  logger: createLogger({ logLevel: 'silent', nodeEnv: 'test' }),
  voice,
  telephony,
  notifier,
} as unknown as AppDeps;
const { dialer } = createServices(deps);

let stopping = false;
process.once('SIGTERM', () => {
  stopping = true;
});
process.send?.('ready');

let passes = 0;
let placed = 0;
const report = setInterval(() => {
  if (env.DIALER_WORKER_VERBOSE)
    process.stderr.write(
      `${worker}: ${passes} loops, ${placed} placed, ${JSON.stringify(Object.fromEntries(failures))}\n`,
    );
}, 5000);
report.unref();
while (!stopping) {
  passes += 1;
  placed += await dialer.dialAll().catch((error: unknown) => {
    note(error);
    return 0;
  });
  // The webhooks this worker's calls announced; a killed worker loses them, and the reconciler settles those calls.
  for (let id = announced.shift(); id; id = announced.shift()) {
    await voice
      .getConversation(id)
      .then((conversation) => dialer.settleConversation(conversation))
      .catch(note);
  }
  await dialer.reconcile().catch(note);
}
if (failures.size > 0) process.stderr.write(`${worker}: ${JSON.stringify(Object.fromEntries(failures))}\n`);
await notifier.close();
await db.destroy();
process.exit(0);
