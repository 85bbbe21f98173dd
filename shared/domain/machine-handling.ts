/**
 * What a campaign does when a machine answers (issue 23, part 1): hang up, or leave a message spoken after the beep;
 * and whether a call-screening bot is answered as a person would or treated as a machine.
 */

export const MACHINE_ACTIONS = ['hang_up', 'leave_message'] as const;
export type MachineAction = (typeof MACHINE_ACTIONS)[number];

export const SCREENING_BOT_TREATMENTS = ['human', 'machine'] as const;
export type ScreeningBotTreatment = (typeof SCREENING_BOT_TREATMENTS)[number];

export interface MachineHandling {
  action: MachineAction;
  /** The message left after the beep; `{{name}}` is filled from the contact's metadata. Null when hanging up. */
  message: string | null;
  screeningBot: ScreeningBotTreatment;
}

export const MACHINE_MESSAGE_MAX = 1000;

export const MACHINE_HANDLING_DEFAULT: Readonly<MachineHandling> = {
  action: 'hang_up',
  message: null,
  screeningBot: 'human',
};

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;
const PLACEHOLDER_WITH_SPACE = /(\s?)\{\{\s*([\w.-]+)\s*\}\}/g;

/** The variable names a message uses, each once, in order. */
export function templateVariables(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1] as string))];
}

/**
 * The message as the contact hears it: each `{{name}}` is the contact's metadata value. A variable the contact has
 * no value for is left out (with the space before it), never spoken as braces: a campaign's message is written once
 * for contacts whose metadata differ, so a missing value cannot be an error at save time.
 */
export function fillMessageTemplate(template: string, metadata: Readonly<Record<string, string>>): string {
  const known = (name: string) => (metadata[name] ?? '').trim() !== '';
  // The template's own text is tidied where a placeholder without a value is dropped; the values go in as they are.
  const tidied = template
    .replace(PLACEHOLDER_WITH_SPACE, (whole: string, _space: string, name: string) => (known(name) ? whole : ''))
    .replace(/[ \t]+([,.!?;:])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
  return tidied.replace(PLACEHOLDER, (_whole: string, name: string) => metadata[name] ?? '');
}

/** A stored value read back: anything unreadable is the default (hang up, screening bots answered as people). */
export function readMachineHandling(value: unknown): MachineHandling {
  if (typeof value !== 'object' || value === null) return { ...MACHINE_HANDLING_DEFAULT };
  const record = value as Record<string, unknown>;
  const action = MACHINE_ACTIONS.find((known) => known === record.action) ?? MACHINE_HANDLING_DEFAULT.action;
  const screeningBot =
    SCREENING_BOT_TREATMENTS.find((known) => known === record.screeningBot) ?? MACHINE_HANDLING_DEFAULT.screeningBot;
  const message = typeof record.message === 'string' && record.message.trim() ? record.message : null;
  return { action, message: action === 'leave_message' ? message : null, screeningBot };
}

/** The message for this contact, or null when the campaign hangs up on machines. */
export function messageFor(handling: MachineHandling, metadata: Readonly<Record<string, string>>): string | null {
  if (handling.action !== 'leave_message' || !handling.message) return null;
  const filled = fillMessageTemplate(handling.message, metadata);
  return filled || null;
}
