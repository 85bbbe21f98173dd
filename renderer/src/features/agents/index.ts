import { lazyComponent } from '../../core/lazyComponent';

/** What other features may use of agents. */
export { useGetAgentsQuery } from './agentsApi';

/**
 * The agent cards and their dialogs, loaded beside the agents query rather than before it: pages that only read the
 * agent list (campaign forms) do not carry them, and the dashboard's first load stays small.
 */
export const AgentsSection = lazyComponent(() => import('./AgentsSection'), 'AgentsSection');
