import { isAppUrl } from '../app-origin';

export interface PreventableEvent {
  preventDefault(): void;
}

/** The parts of a `webContents` that can take the page somewhere else. */
export interface NavigableContents {
  on(event: 'will-navigate', listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: 'will-redirect', listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export interface NavigationGuardOptions {
  isAllowedExternalUrl(url: string): boolean;
  openExternal(url: string): void;
}

/**
 * Keeps every page on app://parley: other navigations and all new windows are refused, and the few allowlisted
 * links (billing portal, support mail) go to the system's browser or mail client instead.
 */
export function guardNavigation(contents: NavigableContents, options: NavigationGuardOptions): void {
  const leave = (event: PreventableEvent, url: string) => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    if (options.isAllowedExternalUrl(url)) options.openExternal(url);
  };
  contents.on('will-navigate', leave);
  contents.on('will-redirect', leave);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (options.isAllowedExternalUrl(url)) options.openExternal(url);
    return { action: 'deny' };
  });
}
