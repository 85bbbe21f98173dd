/**
 * Whether an outbound call opened with its AI disclosure: the agent's first words (its first turns, up to
 * {@link OPENING_WORDS} words) must say it is automated ("automated", "AI assistant", "virtual assistant",
 * "artificial") and name the business. Fuzzy on purpose: words are lower-cased and stripped of punctuation, and the
 * business name counts when each of its significant words is heard.
 */
export const OPENING_WORDS = 60;

const AUTOMATED = [['automated'], ['ai', 'assistant'], ['ai', 'agent'], ['virtual', 'assistant'], ['artificial']];
/** Words too common to identify a business ("Demo Dental Clinic Ltd" is heard as "demo dental"). */
const FILLER = new Set(['the', 'and', 'of', 'ltd', 'limited', 'inc', 'llc', 'co', 'pty', 'clinic', '&']);

export function normalisedWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

const containsRun = (words: readonly string[], run: readonly string[]) =>
  words.some((_, i) => run.every((word, j) => words[i + j] === word));

/** The agent's opening words of a transcript: its turns in order, up to OPENING_WORDS words. */
export function openingWords(turns: ReadonlyArray<{ role: string; message: string }>): string[] {
  const words: string[] = [];
  for (const turn of turns) {
    if (turn.role !== 'agent') continue;
    words.push(...normalisedWords(turn.message));
    if (words.length >= OPENING_WORDS) break;
  }
  return words.slice(0, OPENING_WORDS);
}

/** Whether the opening words disclose an automated caller for this business. */
export function disclosureHeard(opening: readonly string[], businessName: string): boolean {
  if (!AUTOMATED.some((run) => containsRun(opening, run))) return false;
  const nameWords = normalisedWords(businessName).filter((word) => !FILLER.has(word));
  const heard = new Set(opening);
  return nameWords.every((word) => heard.has(word));
}
