/** What a simulated call says and how it ends, derived only from its inputs so every run is the same. */

export type SimulatedOutcome = 'answered' | 'voicemail' | 'busy' | 'no_answer' | 'failed';

export interface ScriptTurn {
  role: 'user' | 'agent';
  message: string;
  time_in_call_secs: number;
}

export interface CallScriptInput {
  agentName: string;
  firstMessage: string;
  prompt: string;
  direction: 'inbound' | 'outbound';
  outcome: SimulatedOutcome;
  /** Varies the caller's lines and pauses between calls (the conversation id). */
  seed: string;
}

export interface CallScript {
  transcript: ScriptTurn[];
  durationSecs: number;
  /** null when nobody answered: there is nothing to analyse. */
  analysis: { callSuccessful: 'success' | 'failure'; summary: string; title: string } | null;
  terminationReason: string;
}

/**
 * Outbound calls end by the callee number's last digit, so tests and demos can pick an outcome:
 * 6 voicemail, 7 busy, 8 no answer, 9 failed, anything else answered.
 */
export const OUTBOUND_OUTCOME_BY_LAST_DIGIT: Readonly<Record<string, SimulatedOutcome>> = {
  '6': 'voicemail',
  '7': 'busy',
  '8': 'no_answer',
  '9': 'failed',
};

export function outboundOutcome(toNumber: string): SimulatedOutcome {
  return OUTBOUND_OUTCOME_BY_LAST_DIGIT[toNumber.slice(-1)] ?? 'answered';
}

const DEFAULT_GREETING = 'Hello! How can I help you today?';
const DEFAULT_CLOSING = 'Thanks for calling. Have a great day. Goodbye!';
const CLOSING_LABEL = /^(closing|closing line|closing message|sign[- ]?off|goodbye)$/i;
const GREETING_LABEL = /^(greeting|first message|opening)$/i;
/** Sections that tell the agent how to behave rather than what to say: persona, style, knowledge use, rules. */
const UNSPOKEN_LABEL = /persona|role|identity|background|tone|style|voice|knowledge|rules|guardrails/i;
/** Sentences that describe the agent to itself rather than something it would say to a caller. */
const SELF_DESCRIPTION = /^(you are|you're|your name is|act as)\b/i;
const CLOSING_SENTENCE =
  /\b(goodbye|good bye|thank you for calling|thanks for calling|have a (great|good|nice|lovely))\b/i;

const CALLER_OPENERS = {
  inbound: ["Hi, I'd like some help, please.", 'Hello, I have a quick question.', 'Hi there, can you help me?'],
  outbound: ['Hi, yes, speaking.', 'Hello, yes, this is a good time.', 'Oh hi, go ahead.'],
};
const CALLER_FOLLOW_UPS = ['Okay, that makes sense.', 'Great, thank you.', 'Sure, and what else should I know?'];
const CALLER_THANKS = ["That's all I needed, thanks.", 'Perfect, thank you so much.', 'Thanks, that helps a lot.'];

/** A stable 32-bit hash (FNV-1a): the sandbox's seeded randomness. */
export function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619);
  return value >>> 0;
}

/** One of `items`, the same every time for the same seed and salt. */
export function pick<T>(items: readonly T[], seed: string, salt: string): T {
  return items[hash(`${seed}:${salt}`) % items.length] as T;
}

function sentences(text: string): string[] {
  return (text.match(/[^.!?]+[.!?]*/g) ?? []).map((part) => part.trim()).filter((part) => part.length > 2);
}

type PromptSection = 'instructions' | 'closing' | 'greeting' | 'unspoken';

function sectionOf(label: string): PromptSection {
  if (CLOSING_LABEL.test(label)) return 'closing';
  if (GREETING_LABEL.test(label)) return 'greeting';
  if (UNSPOKEN_LABEL.test(label)) return 'unspoken';
  return 'instructions';
}

/**
 * Splits a prompt into its instructions and its closing line. `Closing: …` (or a `# Closing` heading over its
 * text) names the closing; text under other labels (purpose, instructions) is what the agent talks about, except
 * the greeting (the first message already says it) and sections on how to behave (persona, style, knowledge), which
 * an agent does not recite. Without a closing label, a sentence that sounds like a goodbye is the closing.
 */
export function readPrompt(prompt: string): { instructions: string[]; closing: string | null } {
  const found: Record<PromptSection, string[]> = { instructions: [], closing: [], greeting: [], unspoken: [] };
  let section: PromptSection = 'instructions';
  for (const rawLine of prompt.split(/\r?\n/)) {
    const isHeading = /^\s*#/.test(rawLine);
    const line = rawLine.replace(/^\s*(#+|[-*•]|\d+[.)])\s*/, '').trim();
    if (!line) continue;
    const labelled = /^([A-Za-z][A-Za-z -]{1,29}):\s*(.*)$/.exec(line);
    if (labelled || isHeading) {
      section = sectionOf((labelled?.[1] ?? line).trim());
      const rest = labelled?.[2]?.trim();
      if (rest) found[section].push(rest);
      continue;
    }
    found[section].push(line);
  }
  const instructions = found.instructions.flatMap(sentences).filter((sentence) => !SELF_DESCRIPTION.test(sentence));
  if (found.closing.length) return { instructions, closing: found.closing.join(' ') };
  const spokenClosing = instructions.find((sentence) => CLOSING_SENTENCE.test(sentence)) ?? null;
  return { instructions: instructions.filter((sentence) => sentence !== spokenClosing), closing: spokenClosing };
}

/** Roughly how long a line takes to say, at about 2.5 words a second. */
function speakingSecs(message: string): number {
  return Math.max(1, Math.round(message.split(/\s+/).length / 2.5));
}

function timeline(
  lines: Array<Pick<ScriptTurn, 'role' | 'message'>>,
  seed: string,
): { turns: ScriptTurn[]; end: number } {
  let clock = 0;
  const turns = lines.map((line, index) => {
    const turn = { ...line, time_in_call_secs: clock };
    clock += speakingSecs(line.message) + 1 + (hash(`${seed}:pause:${index}`) % 3);
    return turn;
  });
  return { turns, end: clock + 1 };
}

export function buildCallScript(input: CallScriptInput): CallScript {
  const { outcome, seed } = input;
  if (outcome === 'busy' || outcome === 'no_answer' || outcome === 'failed') {
    const reasons = { busy: 'busy', no_answer: 'no-answer', failed: 'failed' } as const;
    return { transcript: [], durationSecs: 0, analysis: null, terminationReason: reasons[outcome] };
  }
  const greeting = input.firstMessage.trim() || DEFAULT_GREETING;
  const { instructions, closing } = readPrompt(input.prompt);
  const farewell = closing ?? DEFAULT_CLOSING;

  if (outcome === 'voicemail') {
    const { turns, end } = timeline(
      [
        { role: 'agent', message: greeting },
        { role: 'agent', message: `Sorry I missed you. I'll try again another time. ${farewell}` },
      ],
      seed,
    );
    return {
      transcript: turns,
      durationSecs: end,
      analysis: {
        callSuccessful: 'failure',
        summary: `The call reached voicemail. ${input.agentName} left a short message and will try again.`,
        title: 'Voicemail left',
      },
      terminationReason: 'voicemail_detected',
    };
  }

  const exchanges = 1 + (hash(`${seed}:exchanges`) % 3);
  const points = instructions.length ? instructions : ['I can help you with that.'];
  const lines: Array<Pick<ScriptTurn, 'role' | 'message'>> = [
    { role: 'agent', message: greeting },
    { role: 'user', message: pick(CALLER_OPENERS[input.direction], seed, 'opener') },
  ];
  for (let index = 0; index < exchanges; index += 1) {
    lines.push({ role: 'agent', message: `Of course. ${points[index % points.length]}` });
    lines.push({
      role: 'user',
      message:
        index === exchanges - 1 ? pick(CALLER_THANKS, seed, 'thanks') : pick(CALLER_FOLLOW_UPS, seed, `${index}`),
    });
  }
  lines.push({ role: 'agent', message: farewell });
  const { turns, end } = timeline(lines, seed);
  const topic = points[0]?.replace(/[.!?]+$/, '') ?? '';
  const who = input.direction === 'inbound' ? 'A caller phoned' : `${input.agentName} called`;
  return {
    transcript: turns,
    durationSecs: end,
    analysis: {
      callSuccessful: 'success',
      summary: `${who} and the conversation went well. ${input.agentName} greeted them, helped as instructed (${topic}) and closed the call politely.`,
      title: input.direction === 'inbound' ? 'Inbound enquiry handled' : 'Outbound call completed',
    },
    terminationReason: 'Call ended by remote party',
  };
}

/** Dynamic variables fill `{{name}}` placeholders in the greeting and prompt, as on the real platform. */
export function fillVariables(text: string, variables: Record<string, unknown>): string {
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string) =>
    variables[name] === undefined || variables[name] === null ? whole : String(variables[name]),
  );
}
