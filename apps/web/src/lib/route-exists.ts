import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Whether a web path leads to a real page. Server answers (search hits) name pages that
 * later issues build; until a page exists its hit is shown without a link instead of
 * leading to the 404 page. The router registers its table here (features must not
 * import the app layer).
 */
let routes: RouteObject[] = [];

export function registerRoutes(table: RouteObject[]): void {
  routes = table;
}

export function routeExists(url: string): boolean {
  if (!url.startsWith('/') || url.startsWith('//')) return false;
  const pathname = url.split(/[?#]/)[0] ?? '/';
  const matched = matchRoutes(routes, pathname);
  const leaf = matched?.at(-1)?.route;
  return !!leaf && leaf.path !== '*';
}
