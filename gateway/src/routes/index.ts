import { adminRoutes } from './admin';
import { apiKeyRoutes } from './api-keys';
import { authRoutes } from './auth';
import { categoryRoutes } from './categories';
import type { Route } from './route';
import { transactionRoutes } from './transactions';

/** The one route table: it drives the router, request validation and the OpenAPI document. */
export const routes: Route[] = [
  ...authRoutes,
  ...apiKeyRoutes,
  ...adminRoutes,
  ...transactionRoutes,
  ...categoryRoutes,
];
