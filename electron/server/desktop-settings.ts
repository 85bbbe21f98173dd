import fs from 'node:fs/promises';
import type { DesktopSettingsView } from '@shared/api/desktop-bridge';
import { checkServerAddress } from '@shared/domain/server-address';
import { serverChoiceSchema, type ServerChoice, type ServerMode } from '@shared/schemas/desktop-ipc.schema';
import { DesktopError } from '../ipc/desktop-error';
import { INVOKE_CHANNELS } from '../ipc/ipc-channels';
import type { HandlerMap } from '../ipc/ipc-handlers';
import { nodeFileSystem, readTextFile, writeFileAtomic, type StoreFileSystem } from '../storage/atomic-file';
import { settingsTarget, type ServerTarget } from './server-target';

/** The settings screen's side in the main process: which server the console uses, and the demo's data. */
export interface DesktopSettings {
  load(): Promise<DesktopSettingsView>;
  switchServer(choice: ServerChoice): Promise<void>;
  resetDemoData(): Promise<void>;
}

export interface DesktopSettingsOptions {
  settingsFile: string;
  demoDataDir: string;
  /** What this run talks to. */
  running: { mode: ServerMode; apiOrigin: string };
  /** PARLEY_SERVER_URL is set: it wins over the file, so the screen may not pretend to change the server. */
  fixedByEnvironment: boolean;
  /** Signs out: the vault forgets the session, and every window is told. */
  signOut(): void;
  /** Stops the embedded demo server (and its database) before its data goes. */
  stopDemoServer(): Promise<void>;
  /** Starts the console again, after the answer has gone back to the renderer. */
  restart(): void;
  files?: StoreFileSystem;
}

const choiceOf = (target: ServerTarget): ServerChoice =>
  target.kind === 'remote' ? { mode: 'remote', serverUrl: target.origin } : { mode: 'embedded' };

export function createDesktopSettings(options: DesktopSettingsOptions): DesktopSettings {
  const { files = nodeFileSystem } = options;
  const currentChoice = async () => choiceOf(settingsTarget(await readTextFile(files, options.settingsFile)));

  return {
    async load() {
      return {
        choice: await currentChoice(),
        running: options.running,
        demoDataFolder: options.demoDataDir,
        fixedByEnvironment: options.fixedByEnvironment,
      };
    },

    async switchServer(requested) {
      if (options.fixedByEnvironment) {
        throw new DesktopError(
          'SETTINGS_FIXED_BY_ENVIRONMENT',
          'PARLEY_SERVER_URL chooses the server of this console; unset it to choose here.',
        );
      }
      const choice = await serverChoiceSchema.validate(requested);
      const origin = choice.mode === 'remote' ? checkServerAddress(choice.serverUrl ?? '') : null;
      if (origin && !origin.ok) throw new DesktopError('IPC_INVALID_ARGUMENT', origin.message);
      const next: ServerChoice = origin?.ok
        ? { mode: 'remote', serverUrl: origin.origin }
        : choiceOf({ kind: 'embedded' });
      const previous = await currentChoice();
      await writeFileAtomic(
        files,
        options.settingsFile,
        JSON.stringify(next.mode === 'remote' ? { serverUrl: next.serverUrl } : {}, null, 2),
      );
      if (next.mode === previous.mode && next.serverUrl === previous.serverUrl) return;
      // The old server's session must not follow the console to the new one.
      options.signOut();
      options.restart();
    },

    async resetDemoData() {
      if (options.running.mode !== 'embedded') {
        throw new DesktopError(
          'DEMO_SERVER_NOT_RUNNING',
          'The demo data can only be reset while the demo server runs.',
        );
      }
      options.signOut();
      await options.stopDemoServer();
      await fs.rm(options.demoDataDir, { recursive: true, force: true });
      options.restart();
    },
  };
}

export function desktopSettingsHandlers(settings: DesktopSettings): HandlerMap {
  return {
    [INVOKE_CHANNELS.settingsLoad]: { schema: null, handle: () => settings.load() },
    [INVOKE_CHANNELS.settingsSwitchServer]: {
      schema: serverChoiceSchema,
      handle: async (choice) => {
        await settings.switchServer(choice);
        return null;
      },
    },
    [INVOKE_CHANNELS.settingsResetDemo]: {
      schema: null,
      handle: async () => {
        await settings.resetDemoData();
        return null;
      },
    },
  };
}
