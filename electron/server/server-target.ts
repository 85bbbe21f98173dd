import fs from 'node:fs';
import { object, string, ValidationError } from 'yup';
import { checkServerAddress } from '@shared/domain/server-address';

/** Which server the console talks to: a remote Parley server, or the demo server started inside the app. */
export type ServerTarget = { kind: 'remote'; origin: string } | { kind: 'embedded' };

/** The desktop settings file (settings.json in the user-data folder); every field is optional. */
const settingsSchema = object({
  serverUrl: string().strict().optional(),
})
  .noUnknown('Unknown setting: ${unknown}')
  .strict();

export class DesktopSettingsError extends Error {
  override name = 'DesktopSettingsError';
}

/**
 * PARLEY_SERVER_URL wins over the settings file; without either, the embedded demo server. A bad value stops the
 * start rather than silently falling back to the demo, where an operator could mistake demo data for real calls.
 */
export function resolveServerTarget(
  env: Record<string, string | undefined>,
  settingsText: string | null,
): ServerTarget {
  const fromEnv = env.PARLEY_SERVER_URL?.trim();
  if (fromEnv) return { kind: 'remote', origin: serverOrigin(fromEnv, 'PARLEY_SERVER_URL') };
  if (settingsText === null) return { kind: 'embedded' };
  const settings = parseSettings(settingsText);
  return settings.serverUrl
    ? { kind: 'remote', origin: serverOrigin(settings.serverUrl, 'serverUrl in settings.json') }
    : { kind: 'embedded' };
}

/** The origin of a server URL: https, or http on this computer only; no credentials. */
export function serverOrigin(raw: string, source: string): string {
  const result = checkServerAddress(raw);
  if (!result.ok) throw new DesktopSettingsError(`${source}: ${result.message}: ${raw}`);
  return result.origin;
}

/** The server the settings file asks for (PARLEY_SERVER_URL aside); a bad file throws as at start-up. */
export function settingsTarget(settingsText: string | null): ServerTarget {
  return resolveServerTarget({}, settingsText);
}

function parseSettings(text: string): { serverUrl?: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new DesktopSettingsError('settings.json is not valid JSON');
  }
  try {
    return settingsSchema.validateSync(raw);
  } catch (error) {
    if (error instanceof ValidationError) throw new DesktopSettingsError(`settings.json: ${error.errors.join('; ')}`);
    throw error;
  }
}

/** The settings file's text, or null when there is none. */
export function readSettingsFile(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
