/** The built-in instruction templates as the API returns them (spec 000 §2). */

export interface AgentTemplate {
  id: string;
  name: string;
  description: string;
  /** The example instructions the create dialog fills in. */
  promptStructure: string;
}

export interface AgentTemplatesResponse {
  templates: AgentTemplate[];
}
