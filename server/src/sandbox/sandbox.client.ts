import { ERROR_CODES, type ErrorCode } from '@shared/api/error-codes';
import { DomainError } from '../domain/domain-error';
import { stripeEndpoint, type SandboxControl, type SandboxEmulators, type SimulatedCall } from './index';
import { CONTROL_PATHS, STANDALONE_PREFIXES } from './standalone';

const REQUEST_TIMEOUT_MS = 10_000;
/** Conversations sent to the sandbox per request, well inside its JSON body limit. */
const CONVERSATIONS_PER_REQUEST = 200;

function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code);
}

/**
 * A sandbox running as its own process (`npm run sandbox`), as the server and the workers see it: its vendors'
 * addresses under SANDBOX_URL and the credentials it gave their accounts, read from it once at start-up.
 */
export async function connectSandbox(sandboxUrl: string): Promise<SandboxControl> {
  const base = sandboxUrl.replace(/\/+$/, '');
  let credentials: SandboxEmulators['credentials'];
  try {
    const response = await fetch(`${base}${CONTROL_PATHS.credentials}`, {
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`it answered ${response.status}`);
    credentials = (await response.json()) as SandboxEmulators['credentials'];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `No sandbox answers at SANDBOX_URL=${sandboxUrl} (${reason}); start it first with \`npm run sandbox\``,
      { cause: error },
    );
  }

  async function control<T>(path: string, body: unknown, failure: string): Promise<T> {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const answer = (await response.json()) as T | { code?: unknown; message?: string };
    if (response.ok) return answer as T;
    const { code, message } = answer as { code?: unknown; message?: string };
    if (isErrorCode(code)) throw new DomainError(code, message);
    throw new DomainError('PROVIDER_UNAVAILABLE', failure);
  }

  return {
    elevenlabs: { baseUrl: `${base}${STANDALONE_PREFIXES.elevenlabs}`, ...credentials.elevenlabs },
    twilio: { baseUrl: `${base}${STANDALONE_PREFIXES.twilio}`, ...credentials.twilio },
    stripe: { ...stripeEndpoint(base), baseUrl: base, ...credentials.stripe },
    simulateInboundCall: (request) =>
      control<SimulatedCall>(CONTROL_PATHS.inboundCalls, request, 'The sandbox could not place the call'),
    async importConversations(conversations) {
      for (let start = 0; start < conversations.length; start += CONVERSATIONS_PER_REQUEST) {
        await control(
          CONTROL_PATHS.conversations,
          conversations.slice(start, start + CONVERSATIONS_PER_REQUEST),
          'The sandbox could not store the conversations',
        );
      }
    },
    async deleteConversations(conversationIds) {
      const { deleted } = await control<{ deleted: number }>(
        CONTROL_PATHS.conversationDeletions,
        { conversationIds },
        'The sandbox could not delete the conversations',
      );
      return deleted;
    },
  };
}
