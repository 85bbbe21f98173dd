/** Where the API lives: `/api` and everything under `/api/`. `/api-keys` or `/apiary` are the renderer's routes. */
export const API_PREFIX = '/api';

export function isApiPath(path: string): boolean {
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}
