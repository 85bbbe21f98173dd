import type { Logger } from 'pino';
import type { CallSimulator } from '../call.simulator';
import type { BatchRecord } from './batch-calling.routes';
import type { Collection, SandboxStore } from '../sandbox.store';
import type { TwilioAccount } from '../twilio/twilio.emulator';
import type { Json } from './elevenlabs.http';

export interface AgentRecord {
  agent_id: string;
  name: string;
  tags: string[];
  conversation_config: Json;
  platform_settings: Json;
  created_at_unix_secs: number;
  updated_at_unix_secs: number;
}

export interface DocumentRecord {
  id: string;
  name: string;
  type: 'url' | 'file' | 'text';
  url: string | null;
  filename: string | null;
  size_bytes: number;
  extracted_text: string;
  created_at_unix_secs: number;
}

export interface PhoneNumberRecord {
  phone_number_id: string;
  phone_number: string;
  label: string;
  supports_inbound: boolean;
  supports_outbound: boolean;
  agent_id: string | null;
}

/** Everything the ElevenLabs routes share: the persisted collections and the simulators behind them. */
export interface ElevenLabsState {
  store: SandboxStore;
  calls: CallSimulator;
  /** The Twilio account whose numbers may be imported. */
  twilio: TwilioAccount;
  logger?: Logger;
  agents: Collection<AgentRecord>;
  documents: Collection<DocumentRecord>;
  phoneNumbers: Collection<PhoneNumberRecord>;
  settings: Collection<Json>;
  batches: Collection<BatchRecord>;
}

/** Who may do what with an agent or document: the sandbox has one user, its creator and admin. */
export const ACCESS_INFO = {
  is_creator: true,
  creator_name: 'Parley Sandbox',
  creator_email: 'sandbox@parley.test',
  role: 'admin',
};

export function openElevenLabsState(options: {
  store: SandboxStore;
  calls: CallSimulator;
  twilio: TwilioAccount;
  logger?: Logger;
}): ElevenLabsState {
  const { store } = options;
  return {
    ...options,
    agents: store.collection<AgentRecord>('elevenlabs.agents'),
    documents: store.collection<DocumentRecord>('elevenlabs.knowledge_base'),
    phoneNumbers: store.collection<PhoneNumberRecord>('elevenlabs.phone_numbers'),
    settings: store.collection<Json>('elevenlabs.settings'),
    batches: store.collection<BatchRecord>('elevenlabs.batch_calls'),
  };
}

export function numbersOf(state: ElevenLabsState, agentId: string): PhoneNumberRecord[] {
  return state.phoneNumbers.all().filter((entry) => entry.agent_id === agentId);
}
