import { beforeEach, describe, expect, it, vi } from 'vitest';

const { exposeInMainWorld } = vi.hoisted(() => ({ exposeInMainWorld: vi.fn() }));
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld },
  ipcRenderer: { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn() },
}));

describe('preload entry', () => {
  beforeEach(() => {
    vi.resetModules();
    exposeInMainWorld.mockClear();
  });

  it('exposes only window.parley, reading the API origin from its command line', async () => {
    const argv = process.argv;
    process.argv = [...argv, '--parley-api-origin=https://parley.example.com'];
    try {
      await import('./preload');
    } finally {
      process.argv = argv;
    }
    expect(exposeInMainWorld).toHaveBeenCalledOnce();
    const [key, api] = exposeInMainWorld.mock.calls[0] as [string, Record<string, unknown>];
    expect(key).toBe('parley');
    expect(api).toMatchObject({ apiOrigin: 'https://parley.example.com' });
    expect(Object.keys(api).sort()).toEqual([
      'apiOrigin',
      'contactDrafts',
      'notificationSettings',
      'notify',
      'onNavigate',
      'sessionVault',
      'settings',
      'tray',
    ]);
  });
});
