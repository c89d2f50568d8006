import type { ComponentType } from 'react';
import type { RouteObject, UIMatch } from 'react-router';
import type { Guard } from './session';

/** What a route declares in `handle` (routes.md): tab title, who may open it, keep-alive. */
export interface RouteHandle {
  title?: string;
  auth?: Guard;
  keepAlive?: boolean;
}

/** A page of the router table; each feature lists its own in features/<domain>/routes.tsx. */
export type AppRoute = RouteObject & { handle?: RouteHandle };

/** The deepest route that sets `key` decides it, so a child can override its layout. */
export function handleValue<K extends keyof RouteHandle>(
  matches: UIMatch[],
  key: K,
): RouteHandle[K] | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const value = (matches[i]?.handle as RouteHandle | undefined)?.[key];
    if (value !== undefined) return value;
  }
  return undefined;
}

type PageModule = () => Promise<{ Component: ComponentType }>;

/** A lazily loaded page: its path, tab title, module and the rest of its handle (guard, keep-alive). */
export function page(
  path: string,
  title: string,
  load: PageModule,
  more: Omit<RouteHandle, 'title'> = {},
): AppRoute {
  return { path, lazy: load, handle: { title, ...more } };
}

/** Pages behind one guard: `const expert = guarded('expert'); expert('/expert/work', '专家工作台', () => import(…))`. */
export function guarded(auth: Guard) {
  return (path: string, title: string, load: PageModule): AppRoute => page(path, title, load, { auth });
}
