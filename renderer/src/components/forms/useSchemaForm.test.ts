import { describe, expect, it } from 'vitest';
import { createAgentSchema, type CreateAgentRequest } from '@shared/schemas/agent.schema';
import { forgotPasswordSchema, registerSchema, type RegisterRequest } from '@shared/schemas/auth.schema';
import { schemaResolver, serverFieldErrors, serverMessageOr } from './useSchemaForm';

const OPTIONS = { fields: {}, shouldUseNativeValidation: false } as const;

describe('schemaResolver', () => {
  it('reads a blank optional text as absent, so that the field is skipped', async () => {
    const resolve = schemaResolver<RegisterRequest>(registerSchema);
    const result = await resolve(
      // What the form holds: every input, blank ones as ''.
      { name: '  ', email: 'dana@example.com', password: 'secret-1', tenantName: '' },
      undefined,
      OPTIONS,
    );
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ email: 'dana@example.com', password: 'secret-1' });
  });

  it('reads a blank text as null where the schema takes null, so that an edit can clear it', async () => {
    const resolve = schemaResolver<CreateAgentRequest>(createAgentSchema);
    const result = await resolve(
      {
        name: 'Aroha',
        purpose: 'Books visits',
        greeting: 'Kia ora',
        closing: 'Ka kite',
        voiceId: '',
        prompt: ' ',
      },
      undefined,
      OPTIONS,
    );
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ voiceId: null, prompt: null });
  });

  it('says a blank required text is required', async () => {
    const result = await schemaResolver(forgotPasswordSchema)({ email: ' ' }, undefined, OPTIONS);
    expect(result.errors.email?.message).toBe('Email is required');
  });
});

describe('server errors', () => {
  const invalid = { status: 400, data: { message: 'Validation failed', fields: { email: 'Taken', nope: 'x' } } };

  it('puts only the messages of fields the form has on fields', () => {
    expect(serverFieldErrors(registerSchema, invalid)).toEqual([['email', 'Taken']]);
    const nested = { status: 400, data: { fields: { 'name.first': 'Too short', 'other.x': 'No' } } };
    expect(serverFieldErrors(registerSchema, nested)).toEqual([['name.first', 'Too short']]);
    expect(serverFieldErrors(registerSchema, { status: 500, data: {} })).toEqual([]);
  });

  it("gives the server's message, the catalogue's for a lost connection, or the fallback", () => {
    expect(serverMessageOr(invalid, 'Registration failed')).toBe('Validation failed');
    expect(serverMessageOr({ status: 'FETCH_ERROR', error: 'Failed to fetch' }, 'Registration failed')).toBe(
      'Network connection issue. Please check your internet connection.',
    );
    expect(serverMessageOr({ status: 500, data: {} }, 'Registration failed')).toBe('Registration failed');
  });
});
