/** What other features use of API keys: the one-time display of a new secret. */
export { NewKeySecret } from './NewKeySecret';
