/** How the call detail page reads a call's figures (spec 001 §9). */

export type Tone = 'success' | 'warning' | 'error';

/** A call counts as successful only when call_successful is exactly "success". */
export function isSuccessfulCall(callSuccessful: string | null | undefined): boolean {
  return callSuccessful === 'success';
}

/** Answer quality on the 0–10 scale: green at 7 or more, yellow at 4 or more, red below 4. */
export function answerQualityTone(answerQuality: number): Tone {
  if (answerQuality >= 7) return 'success';
  if (answerQuality >= 4) return 'warning';
  return 'error';
}

/** Customer sentiment: positive green, neutral yellow, negative red. */
export function sentimentTone(overall: string): Tone {
  if (overall === 'positive') return 'success';
  if (overall === 'negative') return 'error';
  return 'warning';
}
