import type { Logger } from 'pino';
import type { Config } from './config';
import type { Db } from './db/database';
import type { Notifier } from './db/dialect';
import type { Jobs } from './jobs/jobs.types';
import type { Clock } from './lib/clock';
import type { outboundRequest } from './lib/outbound-request';
import type { Principals } from './modules/auth/principals.service';
import type { AnalysisProvider } from './providers/analysis';
import type { MailProvider } from './providers/mail/mail.types';
import type { PaymentsProvider } from './providers/payments/payments.types';
import type { FileStorage } from './providers/storage/file-storage';
import type { TelephonyProvider } from './providers/telephony/telephony.types';
import type { VoiceProvider } from './providers/voice/voice.types';
import type { SandboxControl } from './sandbox';

/** Everything the app is built from; createApp reads nothing else, so tests can swap any part. */
export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  /** Session, role and billing status per request, cached briefly and invalidated across instances on change. */
  principals: Principals;
  mail: MailProvider;
  storage: FileStorage;
  voice: VoiceProvider;
  telephony: TelephonyProvider;
  payments: PaymentsProvider;
  /** Background jobs: pg-boss on PostgreSQL, the in-process runner on SQLite. */
  jobs: Jobs;
  /** Cross-instance notifications (LISTEN/NOTIFY on PostgreSQL, in process on SQLite): the live events' fan-out. */
  notifier: Notifier;
  /** Call analysis: the chat-completions endpoint when configured, otherwise the offline analyser. */
  analysis: AnalysisProvider;
  /** Requests to addresses users give us, refused unless they reach the public internet; tests map names with it. */
  outbound: typeof outboundRequest;
  /** The vendor emulators (embedded, or a sandbox process of its own), present only when providers run in sandbox mode. */
  sandbox?: SandboxControl;
}
