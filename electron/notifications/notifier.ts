/** The parts of Electron's `Notification` the notifier uses. */
export interface NotificationLike {
  show(): void;
  on(event: 'click' | 'close', listener: () => void): unknown;
}

export interface NotificationFactory {
  new (options: { title: string; body: string; icon?: string }): NotificationLike;
  isSupported(): boolean;
}

export interface Notifier {
  /**
   * Shows a desktop notification whose click leads to `route` (an in-app path); false when the system has none or
   * the rate limit is reached.
   */
  notify(title: string, body: string, route: string): boolean;
}

export interface NotifierOptions {
  Notification: NotificationFactory;
  icon?: string;
  /** A notification was clicked: show the console at its route. */
  onClick(route: string): void;
  /** At most `count` notifications per `windowMs`; a page in a loop must not flood the desktop. */
  limit?: { count: number; windowMs: number };
  now?: () => number;
}

const DEFAULT_NOTIFICATION_LIMIT = { count: 5, windowMs: 10_000 };

export function createNotifier(options: NotifierOptions): Notifier {
  const { Notification, icon, onClick, limit = DEFAULT_NOTIFICATION_LIMIT, now = Date.now } = options;
  const shownAt: number[] = [];
  // Held until closed: a notification that is garbage-collected loses its click handler on some platforms.
  const live = new Set<NotificationLike>();

  return {
    notify(title, body, route) {
      if (!Notification.isSupported()) return false;
      const time = now();
      while (shownAt.length > 0 && (shownAt[0] ?? 0) <= time - limit.windowMs) shownAt.shift();
      if (shownAt.length >= limit.count) return false;
      shownAt.push(time);

      const notification = new Notification(icon ? { title, body, icon } : { title, body });
      live.add(notification);
      notification.on('click', () => {
        live.delete(notification);
        onClick(route);
      });
      notification.on('close', () => live.delete(notification));
      notification.show();
      return true;
    },
  };
}
