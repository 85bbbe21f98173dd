/**
 * The system prompt a voice agent runs with, built from what the tenant typed in the agent dialog.
 * The greeting is not part of it: the voice provider speaks it as the first message.
 */
export interface AgentPromptInput {
  /** The persona's name, as the caller will hear it. */
  name: string;
  purpose: string;
  /** The tenant's instructions (often a template's example prompt); optional. */
  instructions?: string | null;
  closing: string;
  /** Free-form name of the business the agent works for, when known. */
  businessName?: string | null;
  hasKnowledgeBase?: boolean;
}

export function buildAgentPrompt(input: AgentPromptInput): string {
  const business = input.businessName?.trim();
  const sections = [
    `# Persona\nYou are ${input.name.trim()}, an AI voice agent${business ? ` for ${business}` : ''} speaking with callers on the phone.`,
    `# Purpose\n${input.purpose.trim()}`,
  ];
  const instructions = input.instructions?.trim();
  if (instructions) sections.push(`# Instructions\n${instructions}`);
  if (input.hasKnowledgeBase) {
    sections.push(
      '# Knowledge\nAnswer factual questions from the knowledge base you have been given. If it does not cover a question, say so and offer to take a message instead of guessing.',
    );
  }
  sections.push(
    '# Voice style\nKeep answers short and conversational, one or two sentences at a time. Ask one question at a time, confirm names, numbers and times by repeating them back, and never read out lists or formatting. When the caller has what they need, end the call with the closing below, in your own natural words if it helps.',
    // A section of its own, headed Closing, so tools that read the prompt (the sandbox's call script) find it.
    `# Closing\n${input.closing.trim()}`,
  );
  return sections.join('\n\n');
}
