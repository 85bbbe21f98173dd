import fs from 'node:fs';
import path from 'node:path';
import { ERROR_MESSAGES } from '@shared/api/error-catalogue';
import { ERROR_CODES } from '@shared/api/error-codes';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from './error-status';

const SERVER_SOURCE = path.resolve(__dirname, '..');

/** Where a generic code is still what happened; every other refusal names itself with a code of its own. */
const GENERIC_CODE_SITES: Record<'CONFLICT' | 'FORBIDDEN', string[]> = {
  CONFLICT: [],
  // The route's role check: which role is missing is all there is to say.
  FORBIDDEN: ['http/auth.middleware.ts'],
};

function throwSitesOf(code: string): string[] {
  const sites: string[] = [];
  for (const file of fs.readdirSync(SERVER_SOURCE, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file === path.join('http', 'error-status.ts')) continue;
    const text = fs.readFileSync(path.join(SERVER_SOURCE, file), 'utf8');
    const uses = text.split(`'${code}'`).length - 1;
    for (let use = 0; use < uses; use++) sites.push(file.split(path.sep).join('/'));
  }
  return sites.sort();
}

describe('error codes', () => {
  it('gives every code an HTTP error status and a message', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code], code).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code], code).toBeLessThan(600);
      expect(ERROR_MESSAGES[code]?.trim(), code).toBeTruthy();
    }
  });

  it('gives no two codes the same message, so each says what happened', () => {
    const codesByMessage = new Map<string, string[]>();
    for (const code of ERROR_CODES) {
      codesByMessage.set(ERROR_MESSAGES[code], [...(codesByMessage.get(ERROR_MESSAGES[code]) ?? []), code]);
    }
    expect([...codesByMessage.values()].filter((codes) => codes.length > 1)).toEqual([]);
  });

  it.each(Object.entries(GENERIC_CODE_SITES))('throws the generic %s only at its documented sites', (code, sites) => {
    expect(throwSitesOf(code)).toEqual(sites);
  });
});
