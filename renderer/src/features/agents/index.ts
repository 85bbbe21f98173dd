/** What other features may use of agents. */
export { AgentsSection } from './AgentsSection';
export { useGetAgentsQuery } from './agentsApi';
