import type { ApiRoute, HttpMethod } from '@shared/api/routes';
import { mayCall } from './access';
import { useAppSelector } from './hooks';
import { selectCurrentUser } from './sessionSlice';

/** Whether the signed-in user's role may call this method of an API route (the server refuses the same people). */
export function useMayCall<M extends HttpMethod>(route: ApiRoute<string, M>, method: M): boolean {
  return mayCall(useAppSelector(selectCurrentUser), route, method);
}
