/** What other features may use of the instruction templates. */
export { useGetAgentTemplatesQuery } from './agentTemplatesApi';
