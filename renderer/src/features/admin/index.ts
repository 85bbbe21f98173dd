/** What other features may use of the platform administration. */
export { PlatformHome } from './PlatformHome';
