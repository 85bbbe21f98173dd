import Sentiment from 'sentiment';
import type { SentimentOverall, TranscriptTurn } from '@shared/api/calls.types';
import type { AnalysisProvider, CallAnalysis } from './analysis.types';

/**
 * The offline analyser: deterministic rules over the transcript, no network. The same transcript always gives the
 * same result. Its rules, in order:
 *
 * Sentiment — the AFINN lexicon (`sentiment` package) scores the caller's turns only. Positive and negative weight
 * are summed apart; their balance (−1…1) decides: at least +0.3 with 2 points of positive weight is positive, at most
 * −0.3 with 2 points of negative weight is negative, anything else neutral. Confidence grows with the balance and
 * with the evidence (the weight found, full at 10 points): 0.5 + 0.5 × |balance| × evidence for positive and negative;
 * neutral is 0.6 when no scored word was said, otherwise 0.5 + 0.4 × (1 − |balance|) × evidence.
 *
 * Questions — every sentence of a caller's turn that ends in "?" or opens with a question word. A question counts as
 * answered when one of the agent's turns before the caller speaks again is substantive (4 words or more, no
 * "I don't know"-style deflection) and either shares a content word with the question, holds a number or opens
 * with yes/no/sure.
 *
 * Answer quality (0–10) — 10 × answered ÷ asked, rounded; 10 when nothing was asked but the agent spoke, 0 when the
 * agent never spoke; each deflection costs 1 point, down to 0.
 *
 * Suggestions — one per rule that fires: unanswered questions; a negative caller; deflections; long agent turns
 * (more than 60 words on average); no closing (the agent's last turn neither thanks nor says goodbye); an opt-out.
 *
 * Opt-out — a caller's sentence asking not to be called again, to be taken off a list, or to unsubscribe.
 */

const lexicon = new Sentiment();

const QUESTION_OPENER =
  /^(what|when|where|who|whom|whose|why|how|which|can|could|do|does|did|is|are|was|were|will|would|should|may|might|have|has)\b/i;
const DEFLECTION =
  /\b(i don'?t know|i do not know|i'?m not sure|i am not sure|i can'?t help|i cannot help|unable to (help|answer)|no idea)\b/i;
const AFFIRMATIVE_OPENER = /^(yes|yeah|yep|no|nope|sure|certainly|absolutely|of course|definitely)\b/i;
const CLOSING = /\b(thank|thanks|goodbye|good bye|bye|have a (great|good|nice|lovely))\b/i;
const OPT_OUT =
  /\b((don'?t|do not|never|stop)\s+(call|calling|ring|ringing|phone|phoning|contact|contacting)\s+(me|us|this number|here)|(remove|take)\s+(me|us|my number)\s+(off|from)\s+(your|the)\b[^.?!]*\blist|unsubscribe|do[- ]not[- ]call)\b/i;
const STOP_WORDS = new Set(
  'about after again also been before being could does from have here into just like more most much need only other over some such than that their them then there these they this those very want what when where which while with would your yours please thanks thank hello okay'.split(
    ' ',
  ),
);
const LONG_TURN_WORDS = 60;
const FULL_EVIDENCE = 10;

function sentencesOf(text: string): string[] {
  return (text.match(/[^.!?]+[.!?]*/g) ?? []).map((part) => part.trim()).filter(Boolean);
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9']+/g) ?? [];
}

function contentWords(text: string): Set<string> {
  // The first five letters stand in for a stem, so "booking" meets "book" and "opening" meets "open".
  return new Set(
    wordsOf(text)
      .filter((word) => word.length >= 4 && !STOP_WORDS.has(word))
      .map((word) => word.slice(0, 5).replace(/(ing|ed|s)$/, '')),
  );
}

function isQuestion(sentence: string): boolean {
  return sentence.endsWith('?') || QUESTION_OPENER.test(sentence);
}

function answers(question: string, reply: string): boolean {
  if (wordsOf(reply).length < 4 || DEFLECTION.test(reply)) return false;
  if (AFFIRMATIVE_OPENER.test(reply.trim()) || /\d/.test(reply)) return true;
  const asked = contentWords(question);
  return [...contentWords(reply)].some((word) => asked.has(word));
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function sentimentOf(callerText: string): CallAnalysis['customerSentiment'] {
  const result = lexicon.analyze(callerText);
  let positive = 0;
  let negative = 0;
  for (const entry of result.calculation) {
    for (const score of Object.values(entry)) {
      if (score > 0) positive += score;
      else negative -= score;
    }
  }
  const weight = positive + negative;
  const balance = weight ? (positive - negative) / weight : 0;
  const evidence = Math.min(1, weight / FULL_EVIDENCE);
  let overall: SentimentOverall = 'neutral';
  if (balance >= 0.3 && positive >= 2) overall = 'positive';
  else if (balance <= -0.3 && negative >= 2) overall = 'negative';
  const confidence =
    overall !== 'neutral'
      ? 0.5 + 0.5 * Math.abs(balance) * evidence
      : weight === 0
        ? 0.6
        : 0.5 + 0.4 * (1 - Math.abs(balance)) * evidence;
  const examples = (words: string[]) => [...new Set(words)].slice(0, 3).join(', ');
  const description =
    overall === 'positive'
      ? `The caller sounded positive (${examples(result.positive)}).`
      : overall === 'negative'
        ? `The caller sounded unhappy (${examples(result.negative)}).`
        : weight === 0
          ? 'The caller used no clearly positive or negative words.'
          : 'The caller was mixed or matter-of-fact in tone.';
  return { overall, confidence: round2(confidence), description };
}

export function analyseTranscript(transcript: readonly TranscriptTurn[]): CallAnalysis {
  const callerTurns = transcript.filter((turn) => turn.role === 'user');
  const agentTurns = transcript.filter((turn) => turn.role === 'agent');

  const questions: Array<{ text: string; answered: boolean }> = [];
  transcript.forEach((turn, index) => {
    if (turn.role !== 'user') return;
    const replies: string[] = [];
    for (let next = index + 1; next < transcript.length && transcript[next]!.role === 'agent'; next += 1) {
      replies.push(transcript[next]!.message);
    }
    for (const sentence of sentencesOf(turn.message).filter(isQuestion)) {
      questions.push({ text: sentence, answered: replies.some((reply) => answers(sentence, reply)) });
    }
  });
  const unansweredQuestions = questions.filter((question) => !question.answered).map((question) => question.text);
  const deflections = agentTurns.filter((turn) => DEFLECTION.test(turn.message)).length;
  const answeredShare = questions.length ? (questions.length - unansweredQuestions.length) / questions.length : 1;
  const answerQuality = agentTurns.length ? Math.max(0, Math.round(10 * answeredShare) - deflections) : 0;

  const customerSentiment = sentimentOf(callerTurns.map((turn) => turn.message).join(' '));
  const optOutSentence = callerTurns.flatMap((turn) => sentencesOf(turn.message)).find((s) => OPT_OUT.test(s));

  const improvementSuggestions: string[] = [];
  if (unansweredQuestions.length) {
    const count = unansweredQuestions.length;
    improvementSuggestions.push(
      `Answer every question the caller asks: ${count} question${count === 1 ? '' : 's'} went unanswered.`,
    );
  }
  if (customerSentiment.overall === 'negative') {
    improvementSuggestions.push('The caller sounded unhappy: acknowledge the concern and offer a clear next step.');
  }
  if (deflections) {
    improvementSuggestions.push('Add knowledge for the questions the agent could not answer: it said it did not know.');
  }
  const agentWords = agentTurns.reduce((sum, turn) => sum + wordsOf(turn.message).length, 0);
  if (agentTurns.length && agentWords / agentTurns.length > LONG_TURN_WORDS) {
    improvementSuggestions.push('Keep answers shorter: the agent spoke more than 60 words per turn on average.');
  }
  const lastAgentTurn = agentTurns.at(-1);
  if (lastAgentTurn && !CLOSING.test(lastAgentTurn.message)) {
    improvementSuggestions.push('Close the call by thanking the caller and confirming the next step.');
  }
  if (optOutSentence) {
    improvementSuggestions.push('The caller asked not to be called again: respect it and confirm it on the call.');
  }

  return {
    customerSentiment,
    questionAnswering: {
      answerQuality,
      allQuestionsAnswered: unansweredQuestions.length === 0,
      unansweredQuestions,
    },
    improvementSuggestions,
    optOut: { requested: Boolean(optOutSentence), quote: optOutSentence ?? null },
  };
}

export function createOfflineAnalysis(): AnalysisProvider {
  return { name: 'offline', analyse: async (transcript) => analyseTranscript(transcript) };
}
