import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { createAgentSchema, updateAgentSchema } from './agent.schema';

const AGENT = { name: 'Ava', purpose: 'Book visits', greeting: 'Kia ora', closing: 'Ka kite' };

/** The message at each path a failed validation reports, as the API's `fields` carries them. */
function problems(schema: typeof createAgentSchema | typeof updateAgentSchema, input: object): Record<string, string> {
  try {
    schema.validateSync(input, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return Object.fromEntries(error.inner.map((inner) => [inner.path ?? '', inner.message]));
  }
}

describe('the knowledge source field', () => {
  it('takes a public URL or an uploaded file, trimmed', () => {
    expect(
      createAgentSchema.validateSync({ ...AGENT, knowledge: { url: ' https://example.com/faq ' } }).knowledge,
    ).toEqual({ url: 'https://example.com/faq' });
    expect(createAgentSchema.validateSync({ ...AGENT, knowledge: { fileId: 'f-1' } }).knowledge).toEqual({
      fileId: 'f-1',
    });
  });

  it('reads a form with nothing typed as no source, and keeps absent apart from null on edit', () => {
    expect(createAgentSchema.validateSync({ ...AGENT, knowledge: { url: '  ' } }).knowledge).toBeNull();
    expect(createAgentSchema.validateSync({ ...AGENT, knowledge: { url: '', fileId: 'f-1' } }).knowledge).toEqual({
      fileId: 'f-1',
    });
    expect(updateAgentSchema.validateSync({}).knowledge).toBeUndefined();
    expect(updateAgentSchema.validateSync({ knowledge: null }).knowledge).toBeNull();
  });

  it('puts a bad URL or id on the field the form shows it beside', () => {
    expect(problems(createAgentSchema, { ...AGENT, knowledge: { url: 'not a url' } })).toEqual({
      'knowledge.url': 'Knowledge URL must be a valid URL',
    });
    expect(problems(updateAgentSchema, { knowledge: { url: 'http://169.254.169.254/' } })).toEqual({
      'knowledge.url': expect.any(String),
    });
    expect(problems(updateAgentSchema, { knowledge: { url: `https://example.com/${'a'.repeat(2100)}` } })).toEqual({
      'knowledge.url': 'Knowledge URL is too long',
    });
    expect(problems(updateAgentSchema, { knowledge: { fileId: 'x'.repeat(65) } })).toEqual({
      'knowledge.fileId': 'Invalid id',
    });
  });

  it('refuses both at once, other keys, and anything that is not an object', () => {
    for (const knowledge of [
      { url: 'https://example.com', fileId: 'f-1' },
      { href: 'https://example.com' },
      'https://example.com',
      ['https://example.com'],
      42,
    ]) {
      expect(Object.keys(problems(updateAgentSchema, { knowledge })), JSON.stringify(knowledge)).toEqual(['knowledge']);
    }
  });
});
