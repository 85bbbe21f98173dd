import type { MenuItemConstructorOptions, NativeImage } from 'electron';

/** The parts of Electron's `Tray` used here; `M` is the built menu type. */
export interface TrayLike<M> {
  setToolTip(toolTip: string): void;
  setContextMenu(menu: M | null): void;
  on(event: 'click', listener: () => void): unknown;
  destroy(): void;
}

export interface TrayOptions<M> {
  Tray: new (image: NativeImage | string) => TrayLike<M>;
  Menu: { buildFromTemplate(template: MenuItemConstructorOptions[]): M };
  icon: NativeImage | string;
  onOpen(): void;
  onQuit(): void;
}

function trayMenuTemplate(actions: { onOpen(): void; onQuit(): void }): MenuItemConstructorOptions[] {
  return [
    { id: 'open', label: 'Open Parley', click: () => actions.onOpen() },
    { type: 'separator' },
    { id: 'quit', label: 'Quit', click: () => actions.onQuit() },
  ];
}

/** The tray icon: its menu opens the console or quits, and a click on the icon opens the console. */
export function createTray<M>(options: TrayOptions<M>): TrayLike<M> {
  const tray = new options.Tray(options.icon);
  tray.setToolTip('Parley');
  tray.setContextMenu(options.Menu.buildFromTemplate(trayMenuTemplate(options)));
  tray.on('click', () => options.onOpen());
  return tray;
}
