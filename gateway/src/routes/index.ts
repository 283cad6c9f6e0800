import { adminRoutes } from './admin';
import { analyticsRoutes } from './analytics';
import { assistantRoutes } from './assistant';
import { apiKeyRoutes } from './api-keys';
import { authRoutes } from './auth';
import { batchRoutes } from './batch';
import { billRoutes } from './bills';
import { categoryRoutes } from './categories';
import { categorySetRoutes } from './category-sets';
import { classificationRoutes } from './classification';
import { documentRoutes } from './documents';
import { expenseRoutes } from './expenses';
import { importRoutes } from './imports';
import { mcpRoutes } from './mcp';
import { receiptRoutes } from './receipts';
import type { Route } from './route';
import { ruleRoutes } from './rules';
import { taxRoutes } from './tax';
import { transactionCategoryRoutes } from './transaction-categories';
import { transactionRoutes } from './transactions';
import { webhookRoutes } from './webhooks';

/** The one route table: it drives the router, request validation and the OpenAPI document. */
export const routes: Route[] = [
  ...authRoutes,
  ...apiKeyRoutes,
  ...adminRoutes,
  // Before the transaction routes: /api/bank/transactions/imports is not a transaction {id}.
  ...importRoutes,
  ...transactionRoutes,
  ...batchRoutes,
  ...expenseRoutes,
  ...analyticsRoutes,
  ...categoryRoutes,
  ...categorySetRoutes,
  ...transactionCategoryRoutes,
  ...taxRoutes,
  // Fixed paths (/api/bills/settings, /api/bills/patterns…) are listed before /api/bills/{id} inside.
  ...billRoutes,
  ...classificationRoutes,
  // /api/rules/run before /api/rules/{id}.
  ...ruleRoutes,
  ...webhookRoutes,
  ...documentRoutes,
  ...receiptRoutes,
  ...assistantRoutes,
  ...mcpRoutes,
];
