import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { registerIpcHandlers } from '../ipc/ipc-handlers';
import { fakeIpcMain, frameEvent } from '../testing/electron-fakes';
import { createTray } from './tray-menu';
import { trayHandlers } from './tray.ipc';

describe('tray', () => {
  function setup() {
    const actions = { onOpen: vi.fn(), onPauseAll: vi.fn(), onQuit: vi.fn() };
    class FakeTray {
      static last: FakeTray;
      toolTip = '';
      menu: MenuItemConstructorOptions[] | null = null;
      clickListener: (() => void) | null = null;
      destroyed = false;
      constructor(readonly image: unknown) {
        FakeTray.last = this;
      }
      setToolTip(toolTip: string) {
        this.toolTip = toolTip;
      }
      setContextMenu(menu: MenuItemConstructorOptions[] | null) {
        this.menu = menu;
      }
      on(_event: 'click', listener: () => void) {
        this.clickListener = listener;
      }
      destroy() {
        this.destroyed = true;
      }
    }
    const Menu = { buildFromTemplate: (template: MenuItemConstructorOptions[]) => template };
    const controller = createTray({ Tray: FakeTray, Menu, icon: '/icons/tray-icon.png', ...actions });
    const tray = FakeTray.last;
    const item = (id: string) => tray.menu?.find((each) => each.id === id);
    return { tray, controller, item, ...actions };
  }

  it('starts connecting, with the menu: status, Open Parley, Pause all my campaigns, Quit', () => {
    const { tray, item } = setup();
    expect(tray.image).toBe('/icons/tray-icon.png');
    expect(tray.toolTip).toBe('Parley — Connecting… · 0 active campaigns');
    expect(tray.menu?.filter((each) => each.label).map((each) => each.label)).toEqual([
      'Connecting… · 0 active campaigns',
      'Open Parley',
      'Pause all my campaigns',
      'Quit',
    ]);
    expect(item('status')?.enabled).toBe(false);
    expect(item('pause-all')?.enabled).toBe(false);
  });

  it.each([
    [{ connection: 'online', activeCampaigns: 3 }, 'Online · 3 active campaigns', true],
    [{ connection: 'online', activeCampaigns: 1 }, 'Online · 1 active campaign', true],
    [{ connection: 'online', activeCampaigns: 0 }, 'Online · 0 active campaigns', false],
    [{ connection: 'offline', activeCampaigns: 2 }, 'Offline · 2 active campaigns', false],
    [{ connection: 'connecting', activeCampaigns: 2 }, 'Connecting… · 2 active campaigns', false],
  ] as const)('shows %o as "%s" (pause enabled: %s)', (status, label, canPause) => {
    const { tray, controller, item } = setup();
    controller.update(status);
    expect(item('status')?.label).toBe(label);
    expect(tray.toolTip).toBe(`Parley — ${label}`);
    expect(item('pause-all')?.enabled).toBe(canPause);
  });

  it('opens the console from the menu or the icon, asks to pause, and quits from the menu', () => {
    const { tray, controller, item, onOpen, onPauseAll, onQuit } = setup();
    (item('open')?.click as () => void)();
    tray.clickListener?.();
    expect(onOpen).toHaveBeenCalledTimes(2);
    controller.update({ connection: 'online', activeCampaigns: 2 });
    (item('pause-all')?.click as () => void)();
    expect(onPauseAll).toHaveBeenCalledOnce();
    expect(onQuit).not.toHaveBeenCalled();
    (item('quit')?.click as () => void)();
    expect(onQuit).toHaveBeenCalledOnce();
    controller.destroy();
    expect(tray.destroyed).toBe(true);
  });

  it('takes the status from the renderer over tray:report, checked', async () => {
    const { controller, item } = setup();
    const ipcMain = fakeIpcMain();
    registerIpcHandlers(ipcMain, trayHandlers(controller), { onUnexpectedError: vi.fn() });
    await expect(
      ipcMain.invoke('tray:report', frameEvent(), { connection: 'online', activeCampaigns: 4 }),
    ).resolves.toEqual({ ok: true, value: null });
    expect(item('status')?.label).toBe('Online · 4 active campaigns');
    for (const invalid of [
      { connection: 'sideways', activeCampaigns: 1 },
      { connection: 'online', activeCampaigns: -1 },
      { connection: 'online', activeCampaigns: 1.5 },
      { connection: 'online', activeCampaigns: '3' },
      { connection: 'online' },
    ]) {
      await expect(ipcMain.invoke('tray:report', frameEvent(), invalid)).resolves.toMatchObject({
        ok: false,
        error: { code: 'IPC_INVALID_ARGUMENT' },
      });
    }
    expect(item('status')?.label).toBe('Online · 4 active campaigns');
  });
});
