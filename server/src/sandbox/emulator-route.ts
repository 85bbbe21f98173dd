import type { Context } from 'koa';
import type Router from '@koa/router';

export type EmulatorMethod = 'get' | 'post' | 'patch' | 'delete';

/** One operation of a vendor's API as an emulator serves it: the vendor's method and path, and what it answers. */
export interface EmulatorRoute<State> {
  method: EmulatorMethod;
  /** The vendor's path in @koa/router syntax (`/v1/convai/agents/:agentId`). */
  path: string;
  handle(ctx: Context, state: State): void | Promise<void>;
}

/** Mounts a vendor's route table on a router, every handler given the emulator's state. */
export function mountRoutes<State>(router: Router, routes: ReadonlyArray<EmulatorRoute<State>>, state: State): Router {
  for (const route of routes) {
    router[route.method](route.path, (ctx) => route.handle(ctx, state));
  }
  return router;
}
