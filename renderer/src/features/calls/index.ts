export { CallsAnalyticsPanel } from './CallsAnalyticsPanel';
