import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError, type AnyObjectSchema } from 'yup';
import { createAgentSchema, updateAgentSchema } from './agent.schema';
import {
  forgotPasswordSchema,
  loginSchema,
  logoutSchema,
  refreshSchema,
  registerSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  standaloneRegisterSchema,
  verifyEmailSchema,
} from './auth.schema';
import { desktopNotificationSchema, storedSessionSchema } from './desktop-ipc.schema';
import { availableNumbersQuerySchema, purchasePhoneNumberSchema } from './phone-number.schema';
import { imageUploadSchema, knowledgeUploadSchema } from './upload.schema';
import { assertProperty } from '../../tests/support/property-runs';

/** Schemas of JSON bodies, forms and IPC messages: any JSON may arrive. */
const JSON_SCHEMAS: Record<string, AnyObjectSchema> = {
  createAgentSchema,
  updateAgentSchema,
  loginSchema,
  registerSchema,
  standaloneRegisterSchema,
  refreshSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  resetPasswordFormSchema,
  verifyEmailSchema,
  logoutSchema,
  purchasePhoneNumberSchema,
  imageUploadSchema,
  knowledgeUploadSchema,
  storedSessionSchema,
  desktopNotificationSchema,
};

/** A query string carries only text, and a repeated key an array of text. */
const queryValue = fc.oneof(fc.string(), fc.array(fc.string(), { minLength: 2, maxLength: 4 }));

/** Keys that name Object.prototype's machinery, which yup's casts call on objects. */
const machineryKey = fc.constantFrom('toString', 'valueOf', '__proto__', 'constructor');
const jsonOrMachinery = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(machineryKey, fc.jsonValue({ maxDepth: 1 }), { minKeys: 1, maxKeys: 2 }),
);

const SEED = Number(process.env.PARLEY_FUZZ_SEED) || Math.floor(Math.random() * 2 ** 31);

async function messagesOf(schema: AnyObjectSchema, value: unknown): Promise<string[]> {
  try {
    await schema.validate(value, { abortEarly: false });
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
}

describe('shared schemas refuse wrong types instead of casting them', () => {
  it('answer only with validation errors, whatever JSON a field holds', async () => {
    process.stdout.write(`[strict-schemas] seed=${SEED}\n`);
    const fieldsOf = (schema: AnyObjectSchema, value: fc.Arbitrary<unknown>) =>
      fc.record(Object.fromEntries(Object.keys(schema.describe().fields).map((field) => [field, value])), {
        requiredKeys: [],
      });
    const input = fc.oneof(
      fc
        .constantFrom(...Object.values(JSON_SCHEMAS))
        .chain((schema) => fc.tuple(fc.constant(schema), fieldsOf(schema, jsonOrMachinery))),
      fc.tuple(fc.constant(availableNumbersQuerySchema), fieldsOf(availableNumbersQuerySchema, queryValue)),
    );
    await assertProperty(
      fc.asyncProperty(input, async ([schema, value]) => {
        await expect(messagesOf(schema, value)).resolves.toBeInstanceOf(Array);
      }),
      { minRuns: 100, numRuns: 1_000, budgetMs: 5_000, seed: SEED },
    );
  });

  it.each([42, true, ['Front desk'], { value: 'Front desk' }])('refuses %j as a text field', async (value) => {
    expect(await messagesOf(createAgentSchema, { name: value, purpose: 'p', greeting: 'g', closing: 'c' })).toEqual([
      'name must be text',
    ]);
  });

  it('refuses a number where a password is expected, which yup would cast to text', async () => {
    expect(await messagesOf(loginSchema, { email: 'ann@example.com', password: 12345678 })).toEqual([
      'password must be text',
    ]);
  });

  it('still trims and changes case on text', async () => {
    await expect(loginSchema.validate({ email: '  Ann@Example.COM ', password: ' secret ' })).resolves.toEqual({
      email: 'ann@example.com',
      password: ' secret ',
    });
    await expect(purchasePhoneNumberSchema.validate({ phoneNumber: ' +6495550879 ', country: ' nz' })).resolves.toEqual(
      { phoneNumber: '+6495550879', country: 'NZ' },
    );
  });

  it('casts query text but refuses a repeated key', async () => {
    await expect(
      availableNumbersQuerySchema.validate({ country: 'nz', limit: '5', voiceEnabled: 'false', smsEnabled: '1' }),
    ).resolves.toEqual({ country: 'NZ', limit: 5, voiceEnabled: false, smsEnabled: true });
    expect(await messagesOf(availableNumbersQuerySchema, { limit: ['5', '6'] })).toEqual([
      'Limit must be a positive integer',
    ]);
    expect(await messagesOf(availableNumbersQuerySchema, { voiceEnabled: ['true'] })).toEqual([
      'voiceEnabled must be true or false',
    ]);
    expect(await messagesOf(availableNumbersQuerySchema, { country: ['NZ', 'AU'] })).toEqual(['country must be text']);
  });

  it('refuses a file size given as text', async () => {
    expect(await messagesOf(imageUploadSchema, { filename: 'a.png', contentType: 'image/png', size: '5' })).toEqual([
      'File size must be less than 10MB',
    ]);
  });
});

/** The messages each form showed before the schemas became strict, for the same input. */
const FORM_MESSAGES: [string, AnyObjectSchema, Record<string, unknown>, string[]][] = [
  [
    'agent create',
    createAgentSchema,
    { name: ' ', purpose: '', greeting: '', closing: '' },
    ['Agent name is required', 'Agent purpose is required', 'Agent greeting is required', 'Agent closing is required'],
  ],
  [
    'agent edit',
    updateAgentSchema,
    { name: 'a', knowledge: { url: 'not a url' } },
    ['Name must be at least 2 characters', 'Knowledge URL must be a valid URL'],
  ],
  [
    'registration',
    standaloneRegisterSchema,
    { name: 'Al', email: 'nope', password: '123', tenantName: '' },
    [
      'Full name must be at least 3 characters long',
      'Invalid email address',
      'Password must be at least 6 characters',
      'Company name is required',
    ],
  ],
  [
    'password reset',
    resetPasswordFormSchema,
    { password: 'secret1', confirmPassword: 'secret2' },
    ["Passwords don't match"],
  ],
  [
    'number search',
    availableNumbersQuerySchema,
    { country: 'NZL', areaCode: '9', limit: 0 },
    [
      'Country must be 2 characters',
      'Country must be one of NZ, AU or US',
      'Area code must be 3 digits',
      'Limit must be a positive integer',
    ],
  ],
];

describe('the forms keep their messages', () => {
  it.each(FORM_MESSAGES)('%s', async (_form, schema, input, messages) => {
    expect(await messagesOf(schema, input)).toEqual(messages);
  });
});
