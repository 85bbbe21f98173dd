import { isAppUrl } from '../app-origin';

/** The only web permissions the console needs: copying (an API key shown once) and allowlisted external links. */
export interface PermissionPolicyOptions {
  isAllowedExternalUrl(url: string): boolean;
}

type RequestDetails = { requestingUrl: string; isMainFrame: boolean; externalURL?: string };
type CheckDetails = { requestingUrl?: string; isMainFrame: boolean };

export function permissionRequestHandler(options: PermissionPolicyOptions) {
  return (_contents: unknown, permission: string, callback: (granted: boolean) => void, details: RequestDetails) => {
    callback(isGranted(permission, details.requestingUrl, details.isMainFrame, details.externalURL, options));
  };
}

export function permissionCheckHandler(options: PermissionPolicyOptions) {
  return (_contents: unknown, permission: string, requestingOrigin: string, details: CheckDetails) =>
    isGranted(permission, details.requestingUrl ?? requestingOrigin, details.isMainFrame, undefined, options);
}

function isGranted(
  permission: string,
  requestingUrl: string,
  isMainFrame: boolean,
  externalUrl: string | undefined,
  options: PermissionPolicyOptions,
): boolean {
  if (!isMainFrame || !isAppUrl(requestingUrl)) return false;
  if (permission === 'clipboard-sanitized-write') return true;
  if (permission === 'openExternal') return externalUrl !== undefined && options.isAllowedExternalUrl(externalUrl);
  return false;
}
