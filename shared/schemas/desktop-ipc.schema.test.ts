import { describe, expect, it } from 'vitest';
import { SERVER_ADDRESS_MESSAGES } from '../domain/server-address';
import { serverChoiceSchema } from './desktop-ipc.schema';

/** The settings screen's form and the main process check the server choice with this one schema. */
describe('server choice', () => {
  const problem = async (value: unknown) =>
    serverChoiceSchema.validate(value).then(
      () => null,
      (error: Error) => error.message,
    );

  it.each([
    [{ mode: 'embedded' }],
    [{ mode: 'embedded', serverUrl: '' }],
    [{ mode: 'remote', serverUrl: 'https://parley.example.com' }],
    [{ mode: 'remote', serverUrl: 'http://127.0.0.1:3000' }],
  ])('accepts %o', async (value) => {
    expect(await problem(value)).toBeNull();
  });

  it.each([
    [{ mode: 'remote', serverUrl: 'http://parley.example.com' }, SERVER_ADDRESS_MESSAGES.insecure],
    [{ mode: 'remote', serverUrl: 'https://user:pw@parley.example.com' }, SERVER_ADDRESS_MESSAGES.credentials],
    [{ mode: 'remote', serverUrl: 'parley' }, SERVER_ADDRESS_MESSAGES.notUrl],
    [{ mode: 'remote' }, 'Enter the server address'],
    [{ mode: 'remote', serverUrl: '' }, 'Enter the server address'],
    [{ mode: 'cloud', serverUrl: '' }, 'Choose a server'],
    [{ mode: 'embedded', dataDir: '/etc' }, 'Unknown field: dataDir'],
  ])('refuses %o: %s', async (value, message) => {
    expect(await problem(value)).toBe(message);
  });
});
