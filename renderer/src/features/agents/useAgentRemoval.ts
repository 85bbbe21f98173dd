import { useCallback } from 'react';
import type { Agent } from '@shared/api/agents.types';
import { classifyError } from '@shared/domain/error-classifier';
import { useToast } from '../../components/toasts/useToast';
import { useDeleteAgentMutation } from './agentsApi';

/**
 * Deactivate an active agent, delete an inactive one (spec 000 §2), after the browser's confirmation; the
 * server decides which happened and the toast says so.
 */
export function useAgentRemoval() {
  const [deleteAgent, { isLoading, originalArgs }] = useDeleteAgentMutation();
  const { toast } = useToast();

  const remove = useCallback(
    async (agent: Agent) => {
      const question = agent.active
        ? `Deactivate ${agent.name}? It will stop answering calls until it is reactivated.`
        : `Delete ${agent.name}? This cannot be undone.`;
      if (!window.confirm(question)) return;
      try {
        const result = await deleteAgent(agent.id).unwrap();
        toast({ title: result.deleted ? 'Agent deleted successfully.' : 'Agent deactivated successfully.' });
      } catch (error) {
        const classified = classifyError(error);
        if (classified.requiresPayment) return;
        toast({ title: `Error: ${classified.serverMessage ?? classified.message}`, variant: 'destructive' });
      }
    },
    [deleteAgent, toast],
  );

  return { remove, removingId: isLoading ? originalArgs : undefined };
}
