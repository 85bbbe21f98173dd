import type { NotificationSettings } from '../domain/notification-routing';
import type { DesktopNotification, DesktopStatus, ServerChoice, ServerMode } from '../schemas/desktop-ipc.schema';
import type { AuthUser } from './auth.types';
import type { ContactDraft, ContactDraftSummary } from './contact-drafts.types';

export type { DesktopNotification, DesktopStatus, NotificationSettings, ServerChoice, ServerMode };

/** What a signed-in session keeps between launches (spec 000 §3): the token pair and the user. */
export interface StoredSession {
  accessToken: string;
  refreshToken: string;
  user: AuthUser | null;
}

/** Whose drafts: drafts are never shared between users or tenants on one machine. */
export interface DraftOwner {
  userId: string;
  tenantId: string;
}

/** The settings screen's view of where the console is connected. */
export interface DesktopSettingsView {
  /** What the settings file asks for (takes effect at the next start). */
  choice: ServerChoice;
  /** What this run talks to. */
  running: { mode: ServerMode; apiOrigin: string };
  /** Where the embedded demo server keeps its database and sandbox state. */
  demoDataFolder: string;
  /** PARLEY_SERVER_URL is set: the environment decides the server and the screen cannot change it. */
  fixedByEnvironment: boolean;
}

/**
 * What the Electron preload script exposes as `window.parley`: the renderer reaches the desktop only through this
 * bridge, and the preload implements exactly it. Every method checks its arguments in the main process; a refusal
 * rejects with an Error whose message starts with its code (`IPC_INVALID_ARGUMENT: …`).
 */
export interface DesktopBridge {
  /** The API origin the console talks to (a remote server or the embedded demo server), e.g. http://127.0.0.1:3000 */
  apiOrigin?: string;
  /**
   * Shows a native notification for a live event the user should notice, unless their settings mute its kind or
   * do-not-disturb is on; `shown` is false then (or when the system has no notifications, or too many came at once).
   */
  notify?(notification: DesktopNotification): Promise<{ shown: boolean }>;
  /** A click on a notification (or another main-process action) asks the console to show an in-app path. */
  onNavigate?(listener: (route: string) => void): () => void;
  /** Per user and tenant: which kinds of notification to show, and do-not-disturb. */
  notificationSettings?: {
    load(owner: DraftOwner): Promise<NotificationSettings>;
    save(owner: DraftOwner, settings: NotificationSettings): Promise<void>;
  };
  /** The tray: the renderer reports what it shows; the tray's "Pause all my campaigns" (confirmed) comes back. */
  tray?: {
    report(status: DesktopStatus): Promise<void>;
    onPauseAllCampaigns(listener: () => void): () => void;
  };
  /** The desktop settings screen: which server, and the embedded demo's data. */
  settings?: {
    load(): Promise<DesktopSettingsView>;
    /** Saves the choice, signs out (the vault is cleared) and restarts the console on the new server. */
    switchServer(choice: ServerChoice): Promise<void>;
    /** Deletes the embedded demo server's data and restarts the console on a fresh demo. */
    resetDemoData(): Promise<void>;
  };
  /**
   * Offline contact drafts, kept by the main process in files of the signed-in user's own. Every call writes through
   * to disk before it answers (write-ahead), so a crash never loses an acknowledged change. A draft whose file cannot
   * be read is moved aside (kept, never emptied) and `load` rejects with `DRAFT_CORRUPT: …` naming where it went.
   */
  contactDrafts?: {
    list(owner: DraftOwner): Promise<ContactDraftSummary[]>;
    load(owner: DraftOwner, campaignId: string): Promise<ContactDraft | null>;
    save(draft: ContactDraft): Promise<void>;
    remove(owner: DraftOwner, campaignId: string): Promise<void>;
  };
  sessionVault?: {
    load(): Promise<StoredSession | null>;
    save(session: StoredSession): Promise<void>;
    clear(): Promise<void>;
    onChange?(listener: (session: StoredSession | null) => void): () => void;
    /** False where the system offers no encryption: the session then lives in memory until the console closes. */
    isPersistent?(): Promise<boolean>;
  };
}
