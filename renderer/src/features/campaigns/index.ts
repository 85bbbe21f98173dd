import { lazyComponent } from '../../core/lazyComponent';

/**
 * What other features may use of campaigns: the dashboard's view of one campaign, loaded only when the dashboard is
 * opened for a campaign (the dashboard has no room in its first load).
 */
export const CampaignDashboard = lazyComponent(() => import('./CampaignDashboard'), 'CampaignDashboard');

/** The desktop console's tray: the active campaigns and "Pause all my campaigns", loaded only on the desktop. */
export const CampaignsTray = lazyComponent(() => import('./CampaignsTray'), 'CampaignsTray');
