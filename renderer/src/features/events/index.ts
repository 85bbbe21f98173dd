export { LiveEvents } from './LiveEvents';
export { useLiveConnected } from './liveConnection';
