import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../server/src/app-deps';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/database';
import { dialectOf } from '../../server/src/db/dialect';
import { DomainError } from '../../server/src/domain/domain-error';
import { createLogger } from '../../server/src/logger';
import type { VoiceConversation, VoiceProvider } from '../../server/src/providers/voice/voice.types';
import type { PassResult } from '../../server/src/modules/dialer/dialer.service';
import { rotateFrom } from '../../server/src/modules/dialer/pacing-rules';
import { createServices } from '../../server/src/services';

/**
 * A dialer worker for bench D4: the real dialer on the database in its environment, a business clock CLOCK_SPEED
 * times faster than the wall clock (so campaigns' one-minute intervals pass in a second), and a provider that is a
 * ledger table every worker shares, whose calls last CALL_MIN_MS to CALL_MAX_MS of wall time. Each worker runs LOOPS
 * dialing loops (as its job runner runs several campaigns at once), settles each of its calls at its end as the
 * provider's webhook would (a kill loses those ends: the reconciler, which every worker runs, finds them) and reconciles
 * once a second.
 */
const env = process.env;
const config = loadConfig(env, { logLevel: 'silent', runWorkers: false });
const db = openDatabase(config);
const speed = Number(env.CLOCK_SPEED ?? 1);
const businessStart = Number(env.BUSINESS_START_MS);
const realStart = Number(env.REAL_START_MS);
const clock = { now: () => new Date(businessStart + (Date.now() - realStart) * speed) };
const [minMs, maxMs] = [Number(env.CALL_MIN_MS), Number(env.CALL_MAX_MS)];
const LEDGER = 'bench_dial_ledger';

interface LedgerRow {
  conversation_id: string;
  user_id: string;
  to_number: string;
  start_ms: number | string;
  end_ms: number | string;
}

function conversationOf(row: LedgerRow): VoiceConversation {
  const over = Date.now() >= Number(row.end_ms);
  return {
    conversationId: row.conversation_id,
    agentId: 'agent_ledger',
    status: over ? 'done' : 'in-progress',
    startedAt: new Date(Number(row.start_ms)).toISOString(),
    durationSec: over ? 30 : null,
    vendorCost: { currency: 'usd', amountMicros: 0 },
    direction: 'outbound',
    agentPhoneNumber: null,
    customerPhoneNumber: row.to_number,
    outcome: over ? 'answered' : null,
    transcript: [],
    analysis: null,
    recordingUrl: null,
    hasRecording: false,
    userId: row.user_id,
  } as VoiceConversation;
}

const voice = {
  async startOutboundCall(request) {
    const startMs = Date.now();
    const row: LedgerRow = {
      conversation_id: `conv_${randomUUID()}`,
      user_id: request.userId ?? '',
      to_number: request.toNumber,
      start_ms: startMs,
      end_ms: startMs + minMs + Math.floor(Math.random() * (maxMs - minMs)),
    };
    await db(LEDGER).insert(row);
    // The provider's post-call webhook, at the call's end; a killed worker loses it and the reconciler finds the call.
    setTimeout(
      () => void dialer.settleConversation(conversationOf(row)).catch(() => undefined),
      Number(row.end_ms) - Date.now(),
    );
    return { conversationId: row.conversation_id, callSid: null };
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

const telephony = {
  async getCall(callSid: string) {
    throw new DomainError('PROVIDER_NOT_FOUND', `No call ${callSid} at the carrier`);
  },
  async findCalls() {
    return [];
  },
};

const notifier = dialectOf(db).createNotifier(db, () => undefined);
const deps = {
  config,
  db,
  clock,
  logger: createLogger({ logLevel: 'silent', nodeEnv: 'test' }),
  voice,
  telephony,
  notifier,
} as unknown as AppDeps;
const { dialer, campaigns } = createServices(deps);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
process.send?.('ready');

/** Real milliseconds a campaign rests after a pass, by what the pass came to (its interval after a call). */
function restAfter(pass: PassResult): number {
  if (pass.idle === null) return (60_000 * Number(env.CALL_INTERVAL_MINUTES ?? 1)) / speed;
  if (pass.idle === 'interval') return 100;
  if (pass.idle === 'concurrency' || pass.idle === 'pacing') return 0;
  return 1_000;
}

/** When each campaign may be passed again by this worker's loops (a loop running one marks it as taken). */
const restingUntil = new Map<string, number>();

/**
 * A dialing loop, as the job engine's dial-campaign jobs run: a pass over each campaign not resting, which then rests
 * by what it came to; a pass that found every line busy waits for one to be freed.
 */
async function dialLoop(): Promise<never> {
  for (;;) {
    const list = await campaigns.listActiveOutbound().catch(() => []);
    let passes = 0;
    for (const campaign of rotateFrom(list, Math.floor(Math.random() * list.length))) {
      if ((restingUntil.get(campaign.id) ?? 0) > Date.now()) continue;
      restingUntil.set(campaign.id, Infinity);
      const pass = await dialer.dialCampaign(campaign).catch((): PassResult => ({ placed: 0, idle: 'nothing-due' }));
      restingUntil.set(campaign.id, Date.now() + restAfter(pass));
      passes += 1;
      if (pass.idle === 'concurrency') await dialer.awaitFreeLine(campaign.tenantId, 500);
    }
    if (passes === 0) await sleep(10);
  }
}

async function reconcileLoop(): Promise<never> {
  for (;;) {
    await dialer.reconcile().catch(() => undefined);
    await sleep(1000);
  }
}

const loops = Number(env.LOOPS ?? 4);
await Promise.all([...Array.from({ length: loops }, dialLoop), reconcileLoop()]);
