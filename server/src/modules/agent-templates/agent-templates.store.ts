import type { AgentTemplate } from '@shared/api/agent-templates.types';
import type { Db } from '../../db/database';

/** The instruction templates are the platform's, not a tenant's: these queries need no tenant id. */
interface AgentTemplateRow {
  id: string;
  name: string;
  description: string;
  prompt_structure: string;
  active: boolean | number;
}

export async function listActiveTemplates(db: Db): Promise<AgentTemplate[]> {
  const rows = await db<AgentTemplateRow>('agent_templates')
    .where({ active: true })
    .orderBy([{ column: 'sort_order' }, { column: 'name' }]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    promptStructure: row.prompt_structure,
  }));
}
