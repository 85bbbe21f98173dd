/** Messages between the browser test's process and the desktop main-process harness (desktop-main-process.ts). */
export type HarnessRequest =
  | { type: 'invoke'; id: number; channel: string; args: unknown[]; frameUrl: string; topFrame: boolean }
  | { type: 'click-notification'; id: number; index: number }
  | { type: 'click-tray'; id: number; item: string }
  | { type: 'answer-confirmation'; id: number; answer: boolean }
  | { type: 'state'; id: number }
  | { type: 'draft-files'; id: number; campaignId: string };

export type HarnessReply =
  | { type: 'ready' }
  | { type: 'result'; id: number; result: unknown }
  /** A request the harness itself could not carry out (the error's stack), as opposed to a handler's answer. */
  | { type: 'failure'; id: number; error: string }
  | { type: 'event'; channel: string; payload: unknown };

/** What the faked Electron APIs saw. */
export interface HarnessState {
  notifications: Array<{ title: string; body: string }>;
  /** How often the window was shown, focused or restored. */
  windowShown: number;
  restarts: number;
  confirmations: number;
  vaultHasSession: boolean;
  /** The tray menu's status line, e.g. "Online · 2 active campaigns". */
  trayStatus: string;
}
