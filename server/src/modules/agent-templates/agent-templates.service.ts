import type { AgentTemplate } from '@shared/api/agent-templates.types';
import type { AppDeps } from '../../app-deps';
import { listActiveTemplates } from './agent-templates.store';

export type AgentTemplatesService = ReturnType<typeof createAgentTemplatesService>;

/** The instruction templates of the create-agent dialog. */
export function createAgentTemplatesService(deps: Pick<AppDeps, 'db'>) {
  return { list: (): Promise<AgentTemplate[]> => listActiveTemplates(deps.db) };
}
