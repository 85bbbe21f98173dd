import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** React.lazy for a module's named export, so that every page module keeps named exports. */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await load())[name] }));
}
