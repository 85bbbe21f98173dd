export { DesktopIntegration } from './DesktopIntegration';
