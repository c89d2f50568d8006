import type { RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle';
import { chatRoutes } from '../features/chat/routes';
import { assessmentsRoutes } from '../features/assessments/routes';
import { bookingsRoutes } from '../features/bookings/routes';
import { expertsRoutes } from '../features/experts/routes';
import { ordersRoutes } from '../features/orders/routes';
import { workbenchRoutes } from '../features/workbench/routes';
import { auditRoutes } from '../features/audit/routes';

export type AppRoute = RouteObject & { handle?: RouteHandle };

/**
 * Each feature's pages, declared in features/<domain>/routes.tsx and listed here, so the
 * router stays one short file. Add one import and one spread per feature.
 */
export const featureRoutes: AppRoute[] = [
  ...chatRoutes,
  ...assessmentsRoutes,
  ...expertsRoutes,
  ...bookingsRoutes,
  ...ordersRoutes,
  ...workbenchRoutes,
  ...auditRoutes,
];
