import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { createTray } from './tray-menu';

describe('tray', () => {
  function setup() {
    const onOpen = vi.fn();
    const onQuit = vi.fn();
    const built: MenuItemConstructorOptions[][] = [];
    class FakeTray {
      static last: FakeTray;
      toolTip = '';
      menu: MenuItemConstructorOptions[] | null = null;
      clickListener: (() => void) | null = null;
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
      destroy() {}
    }
    const Menu = { buildFromTemplate: (template: MenuItemConstructorOptions[]) => (built.push(template), template) };
    createTray({ Tray: FakeTray, Menu, icon: '/icons/tray-icon.png', onOpen, onQuit });
    return { tray: FakeTray.last, onOpen, onQuit };
  }

  it('shows the icon with a menu: Open Parley, Quit', () => {
    const { tray } = setup();
    expect(tray.image).toBe('/icons/tray-icon.png');
    expect(tray.toolTip).toBe('Parley');
    expect(tray.menu?.filter((item) => item.label).map((item) => item.label)).toEqual(['Open Parley', 'Quit']);
  });

  it('opens the console from the menu or the icon, and quits from the menu', () => {
    const { tray, onOpen, onQuit } = setup();
    const item = (id: string) => tray.menu?.find((each) => each.id === id);
    (item('open')?.click as () => void)();
    tray.clickListener?.();
    expect(onOpen).toHaveBeenCalledTimes(2);
    expect(onQuit).not.toHaveBeenCalled();
    (item('quit')?.click as () => void)();
    expect(onQuit).toHaveBeenCalledOnce();
  });
});
