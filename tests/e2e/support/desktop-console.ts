import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { build } from 'esbuild';
import { APP_ORIGIN } from '../../../electron/app-origin';
import type { HarnessReply, HarnessRequest, HarnessState } from './desktop-harness-protocol';
import { test as base } from './fixtures';
import { REPO_ROOT } from './server';

export { expect, signInAs } from './fixtures';

type Request = HarnessRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** The desktop console's main process as a browser test drives it. */
export interface DesktopConsole {
  /** What the faked Electron APIs saw: notifications shown, window focus, restarts, the vault. */
  state(): Promise<HarnessState>;
  /** Clicks the nth notification shown, as the user would in the system's notification centre. */
  clickNotification(index: number): Promise<void>;
  /** Clicks a tray menu item by id; false when it was disabled. */
  clickTray(item: string): Promise<boolean>;
  /** The answer the next native confirmation gets. */
  answerConfirmation(answer: boolean): Promise<void>;
  /** The text of each of the campaign's draft files in the main process's data folder. */
  draftFiles(campaignId: string): Promise<string[]>;
  /** Every bridge call the page made, by channel. */
  calls: string[];
}

/** The page-side bridge, bundled once per worker from the real preload module. */
let pageBridge: Promise<string> | null = null;
function pageBridgeScript(): Promise<string> {
  pageBridge ??= build({
    absWorkingDir: REPO_ROOT,
    entryPoints: [path.join(REPO_ROOT, 'tests/e2e/support/desktop-bridge-page.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'warning',
  }).then((result) => result.outputFiles[0]?.text ?? '');
  return pageBridge;
}

/**
 * The page as the desktop console's renderer: before the app loads, `window.parley` is the real preload's bridge,
 * and each of its IPC calls goes page → test process (an exposed binding) → a child process running the real
 * main-process handlers with Electron faked (desktop-main-process.ts). Main-process events come back the same way.
 */
async function openDesktopConsole(
  page: Page,
  apiOrigin: string,
  encryption: boolean,
): Promise<{ desktop: DesktopConsole; stop(): void }> {
  const args = [apiOrigin, ...(encryption ? [] : ['no-encryption'])];
  const child: ChildProcess = fork(path.join(REPO_ROOT, 'tests/e2e/support/desktop-main-process.ts'), args, {
    cwd: REPO_ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const pending = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
  const settle = (id: number, outcome: { result: unknown } | { error: Error }) => {
    const waiter = pending.get(id);
    pending.delete(id);
    if ('error' in outcome) waiter?.reject(outcome.error);
    else waiter?.resolve(outcome.result);
  };
  // A harness that dies fails what waits on it with its exit, rather than leaving a closed channel to find.
  let exit: Error | null = null;
  const ready = new Promise<void>((resolve, reject) => {
    child.once('exit', (code, signal) => {
      exit = new Error(`the desktop harness exited (${signal ?? `code ${code}`})`);
      for (const id of [...pending.keys()]) settle(id, { error: exit });
      reject(exit);
    });
    child.on('message', (message: HarnessReply) => {
      if (message.type === 'ready') resolve();
      else if (message.type === 'result') settle(message.id, { result: message.result });
      else if (message.type === 'failure') settle(message.id, { error: new Error(message.error) });
      else {
        void page
          .evaluate(
            ([channel, payload]) => window.__parleyIpcEmit(channel as string, payload),
            [message.channel, message.payload],
          )
          .catch(() => undefined);
      }
    });
  });
  const ask = (request: Request): Promise<unknown> => {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      if (exit) return reject(exit);
      pending.set(id, { resolve, reject });
      child.send({ ...request, id } as HarnessRequest, (error) => {
        if (error) settle(id, { error: exit ?? error });
      });
    });
  };
  await ready;

  const calls: string[] = [];
  const origin = new URL(apiOrigin).origin;
  await page.exposeBinding('__parleyIpcInvoke', async (source, channel: string, args: unknown[]) => {
    calls.push(channel);
    // The page plays app://parley: the console's own pages, from the test server, are the trusted top frame.
    const url = new URL(source.frame.url());
    const frameUrl = url.origin === origin ? `${APP_ORIGIN}${url.pathname}${url.search}` : url.href;
    return ask({ type: 'invoke', channel, args, frameUrl, topFrame: source.frame === page.mainFrame() });
  });
  await page.addInitScript({
    content: `window.__parleyApiOrigin = window.location.origin;\n${await pageBridgeScript()}`,
  });

  return {
    desktop: {
      calls,
      state: async () => (await ask({ type: 'state' })) as HarnessState,
      draftFiles: async (campaignId) => (await ask({ type: 'draft-files', campaignId })) as string[],
      clickNotification: async (index) => {
        await ask({ type: 'click-notification', index });
      },
      clickTray: async (item) => (await ask({ type: 'click-tray', item })) as boolean,
      answerConfirmation: async (answer) => {
        await ask({ type: 'answer-confirmation', answer });
      },
    },
    stop: () => {
      // An earlier death is the test's failure too, whatever the page made of it.
      if (exit) throw exit;
      child.disconnect();
    },
  };
}

/** Browser tests of the desktop console: `desktop` turns the page into the console's renderer. */
export const test = base.extend<{ desktop: DesktopConsole; systemEncryption: boolean }>({
  /** Whether the system offers encryption to the vault (`test.use({ systemEncryption: false })` takes it away). */
  systemEncryption: [true, { option: true }],
  desktop: async ({ page, baseURL, systemEncryption }, use) => {
    const { desktop, stop } = await openDesktopConsole(page, baseURL ?? '', systemEncryption);
    try {
      await use(desktop);
    } finally {
      stop();
    }
  },
});
