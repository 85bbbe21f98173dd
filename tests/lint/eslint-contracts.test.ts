import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The architecture rules in eslint.config.js, proven to fire: each probe is a few lines linted, with the real config,
 * as if it lived at `as`, and must be refused by `rule`. ESLint's flat config gives a rule set in two blocks the later
 * block's options, so a block can silently switch off another; a probe of each contract catches that.
 */
interface Probe {
  contract: string;
  as: string;
  code: string;
  rule: string;
}

const PROBES: Probe[] = [
  {
    contract: "a module reaches another module's tables only through its service",
    as: 'server/src/modules/calls/calls.service.ts',
    code: "import { agentsStore } from '../agents/agents.store';\nexport const store = agentsStore;\n",
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    contract: 'the rest of the server goes through a module’s service',
    as: 'server/src/jobs/create-jobs.ts',
    code: "import { callsStore } from '../modules/calls/calls.store';\nexport const store = callsStore;\n",
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    contract: 'routes call services, never a store',
    as: 'server/src/modules/calls/calls.routes.ts',
    code: "import { callsStore } from './calls.store';\nexport const store = callsStore;\n",
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    contract: 'services know nothing of Koa',
    as: 'server/src/modules/calls/calls.service.ts',
    code: "import type { Context } from 'koa';\nexport type Ctx = Context;\n",
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    contract: 'stores know nothing of http/',
    as: 'server/src/modules/calls/calls.store.ts',
    code: "import { sendError } from '../../http/error.middleware';\nexport const send = sendError;\n",
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    contract: 'the server imports no renderer code',
    as: 'server/src/app.ts',
    code: "import { baseApi } from '../../renderer/src/core/baseApi';\nexport const api = baseApi;\n",
    rule: 'no-restricted-imports',
  },
  {
    contract: 'API paths come from the contract, in the server',
    as: 'server/src/app.ts',
    code: "export const health = '/api/health';\n",
    rule: 'no-restricted-syntax',
  },
  {
    contract: 'API paths come from the contract, in a template',
    as: 'tests/api/calls.api.test.ts',
    code: 'export const call = (id: string) => `/api/calls/${id}`;\n',
    rule: 'no-restricted-syntax',
  },
  {
    contract: 'a route is mounted on its contract pattern',
    as: 'server/src/modules/calls/calls.routes.ts',
    code: "declare const router: { get(path: string): void };\nrouter.get('/calls/:id');\n",
    rule: 'no-restricted-syntax',
  },
  {
    contract: 'API paths come from the contract, in a routes file',
    as: 'server/src/modules/calls/calls.routes.ts',
    code: "export const calls = '/api/calls';\n",
    rule: 'no-restricted-syntax',
  },
  {
    contract: 'the renderer has one API slice',
    as: 'renderer/src/features/calls/CallDetailPage.tsx',
    code: "import { createApi } from '@reduxjs/toolkit/query/react';\nexport const secondApi = createApi;\nsecondApi({} as never);\n",
    rule: 'no-restricted-syntax',
  },
  {
    contract: 'an API file of the renderer adds no second slice either',
    as: 'renderer/src/features/calls/callsApi.ts',
    code: "import { createApi as create } from '@reduxjs/toolkit/query/react';\ncreate({} as never);\n",
    rule: 'no-restricted-syntax',
  },
  {
    contract: 'cache tags are declared once',
    as: 'renderer/src/features/calls/callsApi.ts',
    code: "declare const api: { enhanceEndpoints(options: object): void };\napi.enhanceEndpoints({ addTagTypes: ['Call'] });\n",
    rule: 'no-restricted-syntax',
  },
  {
    contract: 'endpoints join the slice through the duplicate-refusing helper',
    as: 'renderer/src/features/calls/CallDetailPage.tsx',
    code: "import { baseApi } from '../../core/baseApi';\nbaseApi.injectEndpoints({ endpoints: () => ({}) });\n",
    rule: 'no-restricted-syntax',
  },
  {
    contract: 'an endpoint is called by its contract path',
    as: 'renderer/src/features/calls/callsApi.ts',
    code: "export const endpoint = { query: () => ({ url: 'calls' }) };\n",
    rule: 'no-restricted-syntax',
  },
  {
    contract: 'API paths come from the contract, in the renderer',
    as: 'renderer/src/features/calls/CallDetailPage.tsx',
    code: "export const calls = '/api/calls';\n",
    rule: 'no-restricted-syntax',
  },
  {
    contract: 'components/ never import a feature',
    as: 'renderer/src/components/StatCard.tsx',
    code: "import { CallsAnalyticsPanel } from '../features/calls';\nexport const Panel = CallsAnalyticsPanel;\n",
    rule: 'renderer-layers/import-zones',
  },
  {
    contract: 'a feature never imports the shell',
    as: 'renderer/src/features/auth/AuthPage.tsx',
    code: "import { DESKTOP_SETTINGS_PATH } from '../../app/routes';\nexport const settings = DESKTOP_SETTINGS_PATH;\n",
    rule: 'renderer-layers/import-zones',
  },
  {
    contract: 'the core imports no feature',
    as: 'renderer/src/core/store.ts',
    code: "import { logout } from '../features/auth';\nexport const signOut = logout;\n",
    rule: 'renderer-layers/import-zones',
  },
  {
    contract: 'the core imports no part of the shell',
    as: 'renderer/src/core/baseApi.ts',
    code: "import { theme } from '../app/theme';\nexport const look = theme;\n",
    rule: 'renderer-layers/import-zones',
  },
  {
    contract: 'components/ never import the shell',
    as: 'renderer/src/components/StatCard.tsx',
    code: "import { AppShell } from '../app/AppShell';\nexport const Shell = AppShell;\n",
    rule: 'renderer-layers/import-zones',
  },
  {
    contract: 'a feature reaches another only through its index.ts',
    as: 'renderer/src/features/campaigns/CampaignsPage.tsx',
    code: "import { callsApi } from '../calls/callsApi';\nexport const api = callsApi;\n",
    rule: 'renderer-layers/import-zones',
  },
  {
    contract: 'the renderer imports no server code',
    as: 'renderer/src/features/calls/CallDetailPage.tsx',
    code: "import { config } from '../../../../server/src/config';\nexport const settings = config;\n",
    rule: 'no-restricted-imports',
  },
  {
    contract: 'the renderer runs in a browser',
    as: 'renderer/src/features/calls/CallDetailPage.tsx',
    code: "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
    rule: 'no-restricted-imports',
  },
  {
    contract: 'shared/ imports no Node built-in',
    as: 'shared/domain/probe.ts',
    code: "import { randomUUID } from 'node:crypto';\nexport const id = randomUUID;\n",
    rule: 'no-restricted-imports',
  },
  {
    contract: 'shared/ uses no Node global',
    as: 'shared/domain/probe.ts',
    code: 'export const env = process.env;\n',
    rule: 'no-restricted-globals',
  },
  {
    contract: 'Electron imports no renderer code',
    as: 'electron/main.ts',
    code: "import { theme } from '../renderer/src/app/theme';\nexport const look = theme;\n",
    rule: 'no-restricted-imports',
  },
];

const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

async function rulesBroken(probe: Pick<Probe, 'as' | 'code'>): Promise<string[]> {
  const [result] = await eslint.lintText(probe.code, { filePath: path.join(ROOT, probe.as) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

describe('eslint.config.js', () => {
  it.each(PROBES)('refuses a probe that breaks the contract: $contract', async (probe) => {
    expect(await rulesBroken(probe)).toEqual([probe.rule]);
  });

  it('lets the same files through when they keep the contracts', async () => {
    const clean = [
      {
        as: 'server/src/modules/calls/calls.service.ts',
        code: "import { agentsService } from '../agents/agents.service';\nexport const agents = agentsService;\n",
      },
      {
        as: 'renderer/src/features/calls/callsApi.ts',
        code: "import { injectEndpoints } from '../../core/baseApi';\nexport const inject = injectEndpoints;\n",
      },
      {
        as: 'renderer/src/app/frame/UserMenu.tsx',
        code: "import { logout } from '../../features/auth';\nexport const signOut = logout;\n",
      },
      { as: 'shared/domain/probe.ts', code: "export const moduleName = 'probe';\n" },
    ];
    for (const probe of clean) expect(await rulesBroken(probe), probe.as).toEqual([]);
  });
});
