import { EventEmitter } from 'node:events';
import type { BrowserWindowConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { createMainWindow, mainWindowOptions } from './window-factory';

const config = { preloadPath: '/app/dist-electron/preload.cjs', apiOrigin: 'http://127.0.0.1:4123', devTools: false };

describe('main window options', () => {
  const { webPreferences } = mainWindowOptions(config);

  // Stated here on their own, not read from the factory, so that weakening one in production fails a test by name.
  it.each([
    ['contextIsolation', true],
    ['sandbox', true],
    ['nodeIntegration', false],
    ['nodeIntegrationInWorker', false],
    ['nodeIntegrationInSubFrames', false],
    ['webSecurity', true],
    ['allowRunningInsecureContent', false],
    ['webviewTag', false],
    ['navigateOnDragDrop', false],
    ['devTools', false],
  ] as const)('isolates and sandboxes the renderer, with no Node anywhere: %s is %s', (option, value) => {
    expect(webPreferences?.[option]).toBe(value);
  });

  it('has no remote module, no experimental features and no extra privileges', () => {
    expect(webPreferences).not.toHaveProperty('enableRemoteModule');
    expect(webPreferences).not.toHaveProperty('experimentalFeatures');
    expect(webPreferences).not.toHaveProperty('enableBlinkFeatures');
    expect(webPreferences).not.toHaveProperty('partition');
  });

  it('gives the preload its script and the API origin, nothing else', () => {
    expect(webPreferences?.preload).toBe(config.preloadPath);
    expect(webPreferences?.additionalArguments).toEqual(['--parley-api-origin=http://127.0.0.1:4123']);
  });
});

describe('createMainWindow', () => {
  class FakeWindow extends EventEmitter {
    static created: FakeWindow[] = [];
    readonly loadURL = vi.fn(async (_url: string) => undefined);
    readonly show = vi.fn();
    constructor(readonly options: BrowserWindowConstructorOptions) {
      super();
      FakeWindow.created.push(this);
    }
  }

  it('loads app://parley/ hidden and shows it once it is painted', () => {
    const window = createMainWindow(FakeWindow, config, vi.fn());
    expect(window.options.show).toBe(false);
    expect(window.loadURL).toHaveBeenCalledWith('app://parley/');
    expect(window.show).not.toHaveBeenCalled();
    window.emit('ready-to-show');
    expect(window.show).toHaveBeenCalledOnce();
  });

  it('reports a failed load instead of leaving an unhandled rejection', async () => {
    const onLoadError = vi.fn();
    const failure = new Error('ERR_FILE_NOT_FOUND');
    class FailingWindow extends FakeWindow {
      override readonly loadURL = vi.fn(() => Promise.reject(failure));
    }
    createMainWindow(FailingWindow, config, onLoadError);
    await vi.waitFor(() => expect(onLoadError).toHaveBeenCalledWith(failure));
  });
});
