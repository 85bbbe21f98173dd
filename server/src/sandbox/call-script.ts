/** What a simulated call says and how it ends, derived only from its inputs so every run is the same. */

export type SimulatedOutcome = 'answered' | 'voicemail' | 'busy' | 'no_answer' | 'failed';

export interface ScriptTurn {
  role: 'user' | 'agent';
  message: string;
  time_in_call_secs: number;
  /** A system tool the agent called in this turn, and its result, in the vendor's transcript shape. */
  tool_calls?: TranscriptToolCall[];
  /** The vendor's system-tool results at this turn: a transfer's, or the voicemail tool's verdict. */
  tool_results?: Array<TranscriptToolResult | SystemToolResult>;
}

/** `ConversationHistoryTranscriptToolCallCommonModel` of the vendor document. */
export interface TranscriptToolCall {
  type: 'system';
  request_id: string;
  tool_name: string;
  params_as_json: string;
  tool_has_been_called: boolean;
}

/** `ConversationHistoryTranscriptSystemToolResultCommonModel` with a transfer_to_number result. */
export interface TranscriptToolResult {
  type: 'system';
  request_id: string;
  tool_name: string;
  result_value: string;
  is_error: boolean;
  tool_has_been_called: boolean;
  tool_latency_secs: number;
  dynamic_variable_updates: [];
  result: Record<string, unknown>;
}

/** A transfer the sandbox's agent makes during an answered call: to which number, and whether it is picked up. */
export interface ScriptTransfer {
  phoneNumber: string;
  condition: string;
  answered: boolean;
  /** The transfer tool's response timeout: how long an unanswered target rings. */
  timeoutSecs: number;
  /** After a missed transfer, the person asks to be called back this many seconds after the call; null: no time. */
  callbackAfterSecs: number | null;
}

/** A system tool's result in a transcript turn, as the vendor's ConversationHistoryTranscriptSystemToolResultCommonModel. */
export interface SystemToolResult {
  type: 'system';
  request_id: string;
  tool_name: string;
  result_value: string;
  is_error: boolean;
  tool_has_been_called: boolean;
  result: {
    result_type: 'voicemail_detection_success';
    status: 'success';
    voicemail_message: string | null;
    reason: string;
  };
}

/**
 * Who or what picks up an answered outbound call, by the number's reserved ending (see ANSWER_BY_SUFFIX): a person,
 * an answering machine whose greeting ends with a beep or without one, a call-screening assistant, a fax line, a
 * callee who never speaks, or one who never stops.
 */
export type AnswerScenario = 'human' | 'machine_beep' | 'machine_no_beep' | 'screening_bot' | 'fax' | 'silent' | 'long';

/** How the campaign meets a machine (the call's dynamic variables) and the agent's limits, as the sandbox plays them. */
export interface CallHandling {
  /** The message to leave after a beep; null or empty: hang up on machines. */
  voicemailMessage: string | null;
  screeningBot: 'human' | 'machine';
  silenceTimeoutSeconds: number;
  maxCallSeconds: number;
}

export const DEFAULT_CALL_HANDLING: CallHandling = {
  voicemailMessage: null,
  screeningBot: 'human',
  silenceTimeoutSeconds: 30,
  maxCallSeconds: 600,
};

export interface CallScriptInput {
  agentName: string;
  firstMessage: string;
  prompt: string;
  direction: 'inbound' | 'outbound';
  outcome: SimulatedOutcome;
  /** Varies the caller's lines and pauses between calls (the conversation id). */
  seed: string;
  /** The transfer the caller asks for, when the called number says so and the agent has a transfer target. */
  transfer?: ScriptTransfer | null;
  /** The callee speaks first and the agent goes to its business at once: its first message is never said. */
  skipsOpening?: boolean;
  /** Who answers an answered call; a person when absent. */
  answer?: AnswerScenario;
  handling?: CallHandling;
}

export interface CallScript {
  transcript: ScriptTurn[];
  durationSecs: number;
  /** null when nobody answered: there is nothing to analyse. */
  analysis: { callSuccessful: 'success' | 'failure'; summary: string; title: string } | null;
  terminationReason: string;
  /** Twilio's `AnsweredBy` for the call's answering-machine detection; null when nobody answered. */
  answeredBy: string | null;
  /** When the person asked to be called back, in seconds after the call ended; absent when they named no time. */
  callbackAfterSecs?: number;
}

/**
 * Outbound calls end by the callee number's last digit, so tests and demos can pick an outcome (after the reserved
 * endings below: 00404 invalid, 00471–00476 answer classification and limits; 00481, 00771 and 00772 are answered and
 * change only what is said):
 * 6 voicemail, 7 busy, 8 no answer, 9 failed, anything else answered. The outcome depends on the number alone, so
 * a number ending in 8 never answers, however often it is called.
 */
export const OUTBOUND_OUTCOME_BY_LAST_DIGIT: Readonly<Record<string, SimulatedOutcome>> = {
  '6': 'voicemail',
  '7': 'busy',
  '8': 'no_answer',
  '9': 'failed',
};

/** Numbers the sandbox treats apart from the last-digit rule, by how they end. */
export const RESERVED_TEST_NUMBERS = {
  /** Not a working destination: the call is refused when it is placed, as Twilio refuses it (error 21211). */
  invalidDestinationSuffix: '00404',
  /** The person asks to speak to someone; the agent transfers to its first target, who answers. */
  transferAnsweredSuffix: '00771',
  /** The person asks to speak to someone; the agent transfers to its first target, who does not answer. */
  transferUnansweredSuffix: '00772',
  /** As 00772, and the person then asks to be called back in two hours. */
  transferUnansweredCallbackSuffix: '00773',
  /**
   * The person speaks first and the agent answers with its business straight away, never saying its first message:
   * an outbound call whose opening lacks the AI disclosure, which the call's analysis flags.
   */
  openingSkippedSuffix: '00481',
} as const;

/** Whether the agent skips its opening (disclosure and greeting) on an outbound call to the number. */
export function skipsOpening(toNumber: string): boolean {
  return toNumber.endsWith(RESERVED_TEST_NUMBERS.openingSkippedSuffix);
}

/**
 * Whether the called person asks for a human, by the number's ending, and whether the transfer is then picked up;
 * null for every other number. The agent transfers only when it has a transfer target.
 */
export function transferRequest(toNumber: string): 'answered' | 'unanswered' | null {
  if (toNumber.endsWith(RESERVED_TEST_NUMBERS.transferAnsweredSuffix)) return 'answered';
  if (toNumber.endsWith(RESERVED_TEST_NUMBERS.transferUnansweredSuffix)) return 'unanswered';
  if (toNumber.endsWith(RESERVED_TEST_NUMBERS.transferUnansweredCallbackSuffix)) return 'unanswered';
  return null;
}

/** When the person whose transfer was missed asks to be called back: two hours on for 00773, else no time said. */
export function callbackAfterSecsAsked(toNumber: string): number | null {
  return toNumber.endsWith(RESERVED_TEST_NUMBERS.transferUnansweredCallbackSuffix) ? 2 * 3600 : null;
}

/** How long an answered transfer rings before the target picks up: 4 to 12 seconds, by the seed. */
export function answeredRingSecs(seed: string): number {
  return 4 + (hash(`${seed}:ring`) % 9);
}

const TRANSFER_TOOL = 'transfer_to_number';

/**
 * Answer classification and limits (issue 23), by the number's last five digits (checked before the last-digit rule):
 * - `00471` an answering machine whose greeting ends with a beep (`AnsweredBy` machine_end_beep): the agent leaves the
 *   campaign's message (voicemail_left), or hangs up when it has none (machine_no_message);
 * - `00472` a machine without a beep (machine_end_silence: mailbox full): nothing can be left (machine_no_message);
 * - `00473` a call-screening assistant (`AnsweredBy` unknown): answered as a person when the campaign says so (the
 *   person then picks up: answered), or treated as a machine and hung up on (screened);
 * - `00474` a fax line (`AnsweredBy` fax): fax, never called again;
 * - `00475` a callee who never speaks: the agent's silence timeout ends the call (answered, ended by the limit);
 * - `00476` a callee who never stops: the agent's maximum call length ends it (answered, ended by the limit).
 */
export const ANSWER_BY_SUFFIX: Readonly<Record<string, AnswerScenario>> = {
  '00471': 'machine_beep',
  '00472': 'machine_no_beep',
  '00473': 'screening_bot',
  '00474': 'fax',
  '00475': 'silent',
  '00476': 'long',
};

/**
 * How a call to the number ends once the agent's handling is known: a call screener answered as a person puts the
 * person through (answered); otherwise as outboundOutcome says.
 */
export function outcomeWithHandling(toNumber: string, handling: Pick<CallHandling, 'screeningBot'>): SimulatedOutcome {
  const outcome = outboundOutcome(toNumber);
  if (outcome === 'voicemail' && answerScenario(toNumber) === 'screening_bot' && handling.screeningBot === 'human') {
    return 'answered';
  }
  return outcome;
}

/** Who answers a call to the number, when it is answered. */
export function answerScenario(toNumber: string): AnswerScenario {
  return ANSWER_BY_SUFFIX[toNumber.slice(-5)] ?? 'human';
}

/** Why the sandbox ends a call at an agent's limit, in the vendor's words for a call it ended. */
export const LIMIT_REASONS = {
  silence: 'Call ended by silence timeout',
  maxDuration: 'Call ended: maximum duration reached',
} as const;

/** True for a number the carrier will not dial: the outbound call is refused, no conversation starts. */
export function isInvalidDestination(toNumber: string): boolean {
  return toNumber.endsWith(RESERVED_TEST_NUMBERS.invalidDestinationSuffix);
}

/** Twilio's words for a destination it refuses (error 21211), which ElevenLabs passes on. */
export function invalidDestinationMessage(toNumber: string): string {
  return `Invalid 'To' Phone Number: ${toNumber}`;
}

/** How a call to the number ends; a batch recipient on an invalid destination fails without ringing. */
export function outboundOutcome(toNumber: string): SimulatedOutcome {
  if (isInvalidDestination(toNumber)) return 'failed';
  const answer = answerScenario(toNumber);
  if (answer === 'silent' || answer === 'long') return 'answered';
  if (answer !== 'human') return 'voicemail';
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
const CALLER_FOLLOW_UPS = [
  'Okay, that makes sense.',
  'Great, thank you.',
  'Sure, and what else should I know?',
  // Personal data as callers give it, so the demo shows the data policy's redaction ("[card number]", "[email]").
  'Great. My card is 4242 4242 4242 4242, and my e-mail is sam.taylor@example.com.',
];
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
    return { transcript: [], durationSecs: 0, analysis: null, terminationReason: reasons[outcome], answeredBy: null };
  }
  const answer = input.answer ?? 'human';
  const handling = input.handling ?? DEFAULT_CALL_HANDLING;
  if (answer !== 'human') {
    const special = answerScript(input, answer, handling);
    if (special) return special;
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
      answeredBy: 'machine_start',
    };
  }

  if (input.transfer) return transferScript(input, input.transfer, greeting, farewell);

  const exchanges = 1 + (hash(`${seed}:exchanges`) % 3);
  const points = instructions.length ? instructions : ['I can help you with that.'];
  const lines: Array<Pick<ScriptTurn, 'role' | 'message'>> = input.skipsOpening
    ? [{ role: 'user', message: "Hello? Who's this?" }]
    : [
        { role: 'agent', message: greeting },
        { role: 'user', message: pick(CALLER_OPENERS[input.direction], seed, 'opener') },
      ];
  for (let index = 0; index < exchanges; index += 1) {
    const lead = index === 0 && input.skipsOpening ? 'Hi there.' : 'Of course.';
    lines.push({ role: 'agent', message: `${lead} ${points[index % points.length]}` });
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
      summary: `${who} and the conversation went well. ${input.agentName} ${input.skipsOpening ? 'skipped its opening' : 'greeted them'}, helped as instructed (${topic}) and closed the call politely.`,
      title: input.direction === 'inbound' ? 'Inbound enquiry handled' : 'Outbound call completed',
    },
    terminationReason: 'Call ended by remote party',
    answeredBy: 'human',
  };
}

/** The tool call and its result for a transfer, as the vendor's transcript carries them. */
export function transferTool(transfer: ScriptTransfer, seed: string, ringSecs: number) {
  const requestId = `toolu_${hash(`${seed}:transfer`).toString(16)}`;
  const params = { transfer_number: transfer.phoneNumber, reason: transfer.condition };
  const result = transfer.answered
    ? {
        result_type: 'transfer_to_number_twilio_success',
        status: 'success',
        transfer_number: transfer.phoneNumber,
        reason: transfer.condition,
        client_message: 'Please hold while I transfer your call.',
        agent_message: 'The caller asked to speak to someone.',
        conference_name: `conf_${hash(`${seed}:conference`).toString(16)}`,
        note: null,
      }
    : {
        result_type: 'transfer_to_number_error',
        status: 'error',
        error: 'The transfer was not answered.',
        details: `No answer from ${transfer.phoneNumber} within ${transfer.timeoutSecs} seconds.`,
      };
  const call: TranscriptToolCall = {
    type: 'system',
    request_id: requestId,
    tool_name: TRANSFER_TOOL,
    params_as_json: JSON.stringify(params),
    tool_has_been_called: true,
  };
  const toolResult: TranscriptToolResult = {
    type: 'system',
    request_id: requestId,
    tool_name: TRANSFER_TOOL,
    result_value: JSON.stringify(result),
    is_error: !transfer.answered,
    tool_has_been_called: true,
    tool_latency_secs: ringSecs,
    dynamic_variable_updates: [],
    result,
  };
  return { call, toolResult };
}

/**
 * A call in which the person asks for a human: the agent transfers to its target; answered, the call goes on with
 * the target (the agent leaves); unanswered after the tool's timeout, the agent says someone will call back.
 */
function transferScript(
  input: CallScriptInput,
  transfer: ScriptTransfer,
  greeting: string,
  farewell: string,
): CallScript {
  const { seed } = input;
  const ringSecs = transfer.answered ? answeredRingSecs(seed) : transfer.timeoutSecs;
  const before = [
    { role: 'agent' as const, message: greeting },
    { role: 'user' as const, message: pick(CALLER_OPENERS[input.direction], seed, 'opener') },
    { role: 'agent' as const, message: 'Of course. How can I help?' },
    { role: 'user' as const, message: 'I would like to book now. Can I speak to someone, please?' },
    { role: 'agent' as const, message: 'Certainly, let me put you through to a colleague. Please hold.' },
  ];
  const after = transfer.answered
    ? [{ role: 'agent' as const, message: 'You are through now. Thank you for your time.' }]
    : [
        {
          role: 'agent' as const,
          message: 'I am sorry, nobody could take your call just now. Someone will call you back as soon as they can.',
        },
        ...(transfer.callbackAfterSecs
          ? [
              { role: 'user' as const, message: 'Could someone call me back in two hours, please?' },
              { role: 'agent' as const, message: 'Of course, someone will call you back in two hours.' },
            ]
          : [{ role: 'user' as const, message: 'Okay, thanks.' }]),
        { role: 'agent' as const, message: farewell },
      ];
  const opening = timeline(before, seed);
  const { call, toolResult } = transferTool(transfer, seed, ringSecs);
  const transferTurn = opening.turns.at(-1) as ScriptTurn;
  transferTurn.tool_calls = [call];
  transferTurn.tool_results = [toolResult];
  const resumeAt = transferTurn.time_in_call_secs + ringSecs + 2;
  const closing = timeline(after, `${seed}:after`);
  const turns = [
    ...opening.turns,
    ...closing.turns.map((turn) => ({ ...turn, time_in_call_secs: turn.time_in_call_secs + resumeAt })),
  ];
  const durationSecs = resumeAt + closing.end;
  return {
    transcript: turns,
    durationSecs,
    analysis: transfer.answered
      ? {
          callSuccessful: 'success',
          summary: `The person asked to speak to someone to book now. ${input.agentName} transferred the call to ${transfer.phoneNumber}, which answered after ${ringSecs} seconds.`,
          title: 'Call transferred',
        }
      : {
          callSuccessful: 'failure',
          summary: `The person asked to speak to someone to book now. ${input.agentName} tried to transfer the call to ${transfer.phoneNumber}, but nobody answered within ${ringSecs} seconds; the person expects a call back.`,
          title: 'Transfer not answered',
        },
    terminationReason: transfer.answered ? 'Call transferred' : 'Call ended by remote party',
    answeredBy: 'human',
    ...(!transfer.answered && transfer.callbackAfterSecs ? { callbackAfterSecs: transfer.callbackAfterSecs } : {}),
  };
}

/** The voicemail tool's result in a turn, as the vendor records it. */
export function voicemailToolResult(seed: string, message: string | null, reason: string): SystemToolResult {
  return {
    type: 'system',
    request_id: `toolu_${hash(`${seed}:vm`).toString(16)}`,
    tool_name: 'voicemail_detection',
    result_value: JSON.stringify({ status: 'success', voicemail_message: message, reason }),
    is_error: false,
    tool_has_been_called: true,
    result: { result_type: 'voicemail_detection_success', status: 'success', voicemail_message: message, reason },
  };
}

const MACHINE_GREETINGS = [
  "Hi, you've reached the voicemail of this number. I can't take your call right now, please leave a message after the tone.",
  'The person you are calling is not available. Please leave your message after the tone.',
];
const SCREENER_LINE =
  'Hi, the person you are calling is using a screening service. Please say your name and why you are calling.';

/**
 * Calls a person did not answer, or that ended at an agent's limit. A machine's greeting is heard, then the agent's
 * voicemail tool records its verdict (the answering-machine word as its reason) and the message it left, if any.
 */
function answerScript(input: CallScriptInput, answer: AnswerScenario, handling: CallHandling): CallScript | null {
  const { seed } = input;
  const greeting = input.firstMessage.trim() || DEFAULT_GREETING;
  const message = handling.voicemailMessage?.trim() || null;
  const machine = (
    lines: Array<Pick<ScriptTurn, 'role' | 'message'>>,
    verdict: { reason: string; left: string | null; answeredBy: string; title: string },
  ): CallScript => {
    // The agent's last turn invokes the voicemail tool: it speaks the message after the beep, or nothing and hangs up.
    const { turns, end } = timeline([...lines, { role: 'agent', message: verdict.left ?? '' }], seed);
    const last = turns.length - 1;
    return {
      transcript: turns.map((turn, index) =>
        index === last ? { ...turn, tool_results: [voicemailToolResult(seed, verdict.left, verdict.reason)] } : turn,
      ),
      durationSecs: end,
      analysis: { callSuccessful: 'failure', summary: `${verdict.title}.`, title: verdict.title },
      terminationReason: 'voicemail_detection tool was called.',
      answeredBy: verdict.answeredBy,
    };
  };
  const machineGreeting = { role: 'user' as const, message: pick(MACHINE_GREETINGS, seed, 'greeting') };
  if (answer === 'machine_beep') {
    return machine([machineGreeting], {
      reason: 'machine_end_beep',
      left: message,
      answeredBy: 'machine_end_beep',
      title: message ? 'Voicemail left' : 'Answering machine, no message left',
    });
  }
  if (answer === 'machine_no_beep') {
    return machine([{ role: 'user', message: 'The mailbox is full and cannot accept any messages.' }], {
      reason: 'machine_end_silence',
      left: null,
      answeredBy: 'machine_end_silence',
      title: 'Answering machine without a beep, no message left',
    });
  }
  if (answer === 'fax') {
    return machine([{ role: 'user', message: '' }], {
      reason: 'fax',
      left: null,
      answeredBy: 'fax',
      title: 'Fax line',
    });
  }
  if (answer === 'screening_bot' && handling.screeningBot === 'machine') {
    return machine([{ role: 'user', message: SCREENER_LINE }], {
      reason: 'call_screening',
      left: null,
      answeredBy: 'unknown',
      title: 'Call screener, treated as a machine',
    });
  }
  if (answer === 'screening_bot') {
    const { turns, end } = timeline(
      [
        { role: 'user', message: SCREENER_LINE },
        { role: 'agent', message: `Hello, this is ${input.agentName}, calling with a quick message for them.` },
        { role: 'user', message: 'Thanks, please stay on the line while I see if this person is available.' },
        { role: 'user', message: pick(CALLER_OPENERS.outbound, seed, 'opener') },
        { role: 'agent', message: greeting },
        { role: 'user', message: pick(CALLER_THANKS, seed, 'thanks') },
      ],
      seed,
    );
    return {
      transcript: turns,
      durationSecs: end,
      analysis: {
        callSuccessful: 'success',
        summary: `A call screener answered; ${input.agentName} answered its questions and the person picked up.`,
        title: 'Call screener, then a person',
      },
      terminationReason: 'Call ended by remote party',
      answeredBy: 'unknown',
    };
  }
  if (answer === 'silent') {
    const limit = Math.max(1, Math.round(handling.silenceTimeoutSeconds));
    return {
      transcript: [{ role: 'agent', message: greeting, time_in_call_secs: 0 }],
      durationSecs: speakingSecs(greeting) + limit,
      analysis: { callSuccessful: 'failure', summary: 'Nobody spoke; the call ended.', title: 'Silent callee' },
      terminationReason: LIMIT_REASONS.silence,
      answeredBy: 'human',
    };
  }
  if (answer === 'long') {
    const limit = Math.max(1, Math.round(handling.maxCallSeconds));
    const lines: ScriptTurn[] = [];
    for (let at = 0, index = 0; at < limit; at += 20, index += 1) {
      lines.push({
        role: index % 2 === 0 ? 'agent' : 'user',
        message: index === 0 ? greeting : pick(CALLER_FOLLOW_UPS, seed, `long:${index}`),
        time_in_call_secs: at,
      });
    }
    return {
      transcript: lines,
      durationSecs: limit,
      analysis: { callSuccessful: 'failure', summary: 'The call ran to its maximum length.', title: 'Call too long' },
      terminationReason: LIMIT_REASONS.maxDuration,
      answeredBy: 'human',
    };
  }
  return null;
}

/** Dynamic variables fill `{{name}}` placeholders in the greeting and prompt, as on the real platform. */
export function fillVariables(text: string, variables: Record<string, unknown>): string {
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string) =>
    variables[name] === undefined || variables[name] === null ? whole : String(variables[name]),
  );
}
