import type { DeleteAgentResponse } from '@shared/api/agents.types';
import { isoNow } from '../../lib/clock';
import { createUndoLog } from '../../lib/provider-call';
import type { AgentsContext } from './agent-context';
import { deactivation, providerNumber } from './agent-rules';
import { updateAgent, type AgentRecord } from './agents.store';

/** DELETE: an active agent is deactivated (it stops answering its number); an inactive one is deleted. */
export function createAgentRemoval(context: AgentsContext) {
  const { deps, modules, requireEditable, removeRows } = context;
  const { db, logger } = deps;
  const { phoneNumbers, provider, intents } = modules;

  async function deactivate(tenantId: string, id: string, agent: AgentRecord) {
    const number = providerNumber(await phoneNumbers.ofAgent(tenantId, id));
    const undo = createUndoLog(logger);
    try {
      await provider.assignNumbers(deactivation(agent, number), undo);
      await updateAgent(db, tenantId, id, { active: false }, isoNow(deps.clock));
    } catch (error) {
      await undo.rollback();
      throw error;
    }
  }

  return async function remove(tenantId: string, id: string): Promise<DeleteAgentResponse> {
    const agent = await requireEditable(tenantId, id);
    if (agent.active) {
      await deactivate(tenantId, id, agent);
      return { message: 'Agent deactivated successfully.', deleted: false };
    }

    const providerAgentId = agent.elevenlabsAgentId;
    if (!providerAgentId) {
      await db.transaction((trx) => removeRows(trx, tenantId, id));
    } else {
      const intent = await intents.begin(
        'agent.delete',
        { tenantId, id, key: id },
        { providerAgentId },
        'AGENT_BEING_DELETED',
      );
      try {
        await provider.remove(providerAgentId);
        await intents.record(intent, { providerAgentDeleted: true });
        await intents.complete(intent, (trx) => removeRows(trx, tenantId, id));
      } catch (error) {
        await intents.abandon(intent, error);
        throw error;
      }
    }
    return { message: 'Agent deleted successfully.', deleted: true };
  };
}
