import type { MenuItemConstructorOptions, NativeImage } from 'electron';
import type { DesktopStatus } from '@shared/schemas/desktop-ipc.schema';

/** The parts of Electron's `Tray` used here; `M` is the built menu type. */
export interface TrayLike<M> {
  setToolTip(toolTip: string): void;
  setContextMenu(menu: M | null): void;
  on(event: 'click', listener: () => void): unknown;
  destroy(): void;
}

export interface TrayActions {
  onOpen(): void;
  /** "Pause all my campaigns": the caller confirms before anything is paused. */
  onPauseAll(): void;
  onQuit(): void;
}

export interface TrayOptions<M> extends TrayActions {
  Tray: new (image: NativeImage | string) => TrayLike<M>;
  Menu: { buildFromTemplate(template: MenuItemConstructorOptions[]): M };
  icon: NativeImage | string;
}

/** The tray icon, kept showing what the renderer last reported. */
export interface TrayController {
  update(status: DesktopStatus): void;
  destroy(): void;
}

/** Until the renderer reports, the console is still connecting and knows of no campaign. */
export const INITIAL_TRAY_STATUS: DesktopStatus = { connection: 'connecting', activeCampaigns: 0 };

const CONNECTION_LABELS: Record<DesktopStatus['connection'], string> = {
  online: 'Online',
  offline: 'Offline',
  connecting: 'Connecting…',
};

/** "Online · 3 active campaigns": the tray's status line and tooltip. */
export function trayStatusLabel(status: DesktopStatus): string {
  const campaigns = `${status.activeCampaigns} active campaign${status.activeCampaigns === 1 ? '' : 's'}`;
  return `${CONNECTION_LABELS[status.connection]} · ${campaigns}`;
}

export function trayMenuTemplate(status: DesktopStatus, actions: TrayActions): MenuItemConstructorOptions[] {
  return [
    { id: 'status', label: trayStatusLabel(status), enabled: false },
    { type: 'separator' },
    { id: 'open', label: 'Open Parley', click: () => actions.onOpen() },
    {
      id: 'pause-all',
      label: 'Pause all my campaigns',
      // Pausing goes through the API: without a connection or an active campaign there is nothing it could do.
      enabled: status.connection === 'online' && status.activeCampaigns > 0,
      click: () => actions.onPauseAll(),
    },
    { type: 'separator' },
    { id: 'quit', label: 'Quit', click: () => actions.onQuit() },
  ];
}

/** The tray icon: its menu shows the status, opens the console, pauses campaigns or quits; a click opens. */
export function createTray<M>(options: TrayOptions<M>): TrayController {
  const tray = new options.Tray(options.icon);
  const show = (status: DesktopStatus) => {
    tray.setToolTip(`Parley — ${trayStatusLabel(status)}`);
    tray.setContextMenu(options.Menu.buildFromTemplate(trayMenuTemplate(status, options)));
  };
  show(INITIAL_TRAY_STATUS);
  tray.on('click', () => options.onOpen());
  return { update: show, destroy: () => tray.destroy() };
}
