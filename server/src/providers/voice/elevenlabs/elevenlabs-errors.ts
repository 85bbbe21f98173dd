import { ElevenLabsError, ElevenLabsTimeoutError } from '@elevenlabs/elevenlabs-js';
import { DomainError } from '../../../domain/domain-error';

/** Vendor "not found" codes, told apart so the message says which thing is missing. */
const NOT_FOUND_MESSAGES: Record<string, string> = {
  agent_not_found: 'Voice agent not found at the provider',
  phone_number_not_found: 'Phone number not found at the voice provider',
  conversation_not_found: 'Conversation not found at the voice provider',
  document_not_found: 'Knowledge document not found at the voice provider',
};

/** The vendor's explanation, from `{detail:{status,message}}`, `{detail:[{loc,msg}]}` or `{detail:"…"}`. */
export function vendorDetail(body: unknown): { code: string | null; message: string | null } {
  const detail = typeof body === 'object' && body !== null ? (body as { detail?: unknown }).detail : undefined;
  if (typeof detail === 'string') return { code: null, message: detail };
  if (Array.isArray(detail)) {
    const parts = detail.map((item: { loc?: unknown[]; msg?: string }) => {
      const field = (item.loc ?? []).filter((part) => part !== 'body').join('.');
      return field ? `${field}: ${item.msg ?? 'invalid'}` : (item.msg ?? 'invalid');
    });
    return { code: null, message: parts.join('; ') || null };
  }
  if (typeof detail === 'object' && detail !== null) {
    const { status, message } = detail as { status?: unknown; message?: unknown };
    return {
      code: typeof status === 'string' ? status : null,
      message: typeof message === 'string' ? message : null,
    };
  }
  return { code: null, message: null };
}

/** Turns what the SDK throws into a ProviderError with a message a person can act on; our own bugs pass through. */
export function mapElevenLabsError(error: unknown, notFound: string): never {
  // The SDK times a request out by aborting it with the reason "timeout", which Node's fetch throws as it is, and the
  // SDK then wraps as an unknown error.
  const timedOut = error instanceof ElevenLabsError && (error as { cause?: unknown }).cause === 'timeout';
  if (error instanceof ElevenLabsTimeoutError || timedOut) {
    throw new DomainError('PROVIDER_TIMEOUT', 'The voice provider did not answer in time');
  }
  if (error instanceof ElevenLabsError) {
    const { code, message } = vendorDetail(error.body);
    const status = error.statusCode;
    if (status === undefined) throw new DomainError('PROVIDER_UNAVAILABLE', 'Could not reach the voice provider');
    if (status === 401) throw new DomainError('PROVIDER_UNAVAILABLE', 'Voice provider rejected our credentials');
    if (status === 403)
      throw new DomainError(
        'PROVIDER_UNAVAILABLE',
        `Voice provider refused the request${message ? `: ${message}` : ''}`,
      );
    if (status === 404) throw new DomainError('PROVIDER_NOT_FOUND', (code && NOT_FOUND_MESSAGES[code]) ?? notFound);
    if (status === 409)
      throw new DomainError('PROVIDER_CONFLICT', `Voice provider reports a conflict${message ? `: ${message}` : ''}`);
    if (status === 400 || status === 422) {
      throw new DomainError('PROVIDER_REJECTED', `Voice provider rejected the request${message ? `: ${message}` : ''}`);
    }
    if (status === 429) throw new DomainError('PROVIDER_BUSY', 'Voice provider is busy; please try again shortly');
    throw new DomainError('PROVIDER_UNAVAILABLE', 'Voice provider is unavailable; please try again later');
  }
  if (error instanceof Error && (error.name === 'ParseError' || error.name === 'JsonError')) {
    throw new DomainError('PROVIDER_UNAVAILABLE', 'Voice provider sent a response we could not read');
  }
  throw error;
}

/** Runs one SDK request, its failures mapped; `notFound` words a 404 the vendor gives no code for. */
export async function callElevenLabs<T>(request: () => Promise<T>, notFound: string): Promise<T> {
  try {
    return await request();
  } catch (error) {
    return mapElevenLabsError(error, notFound);
  }
}
