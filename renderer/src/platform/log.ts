/** The renderer's one way to report a problem it deliberately does not show (e.g. a failed logout call). */
export function logError(context: string, error: unknown): void {
  // eslint-disable-next-line no-console
  console.error(`[parley] ${context}`, error);
}
