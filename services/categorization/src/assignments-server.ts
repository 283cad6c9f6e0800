import {
  AppError,
  isUuid,
  type FieldIssue,
  normalizePage,
  pageInfo,
  unary,
  type GrpcServiceBinding,
  type Knex,
  type Logger,
} from '@pfs/kit';
import {
  AssignMode,
  AssignmentServiceService,
  type Assignment as AssignmentMessage,
  type AssignmentHistoryEntry,
  type AssignmentServiceServer,
} from '@pfs/proto/categorization/v1/assignments';
import { categoryMessage } from './category-sets-server';
import {
  MAX_ACTOR_LENGTH,
  validateAssignmentRequest,
  type Assignment,
  type AssignMode as DomainAssignMode,
  type HistoryEntry,
} from './domain/assignment';
import {
  assignCategories,
  listAssignmentHistory,
  listAssignments,
  MAX_RULE_ASSIGNMENTS,
  recordRuleAssignments,
  type RuleAssignmentInput,
} from './store/assignments';

export const ASSIGNMENT_SERVICE_NAME = 'pfs.categorization.v1.AssignmentService';

export interface AssignmentDeps {
  db: Knex;
  logger: Logger;
}

function assignmentMessage(a: Assignment): AssignmentMessage {
  return {
    id: a.id,
    transactionId: a.transactionId,
    categoryId: a.categoryId,
    categorySetId: a.categorySetId ?? '',
    userId: a.userId,
    isPrimary: a.isPrimary,
    confidence: a.confidence,
    assignedBy: a.assignedBy,
    actor: a.actor,
    assignedAt: a.assignedAt.toISOString(),
    notes: a.notes ?? undefined,
    category: a.category && categoryMessage(a.category),
  };
}

function historyMessage(h: HistoryEntry): AssignmentHistoryEntry {
  return {
    id: h.id,
    transactionId: h.transactionId,
    categoryId: h.categoryId,
    action: h.action,
    fromCategoryId: h.fromCategoryId ?? undefined,
    toCategoryId: h.toCategoryId ?? undefined,
    assignedBy: h.assignedBy,
    actor: h.actor,
    at: h.at.toISOString(),
    notes: h.notes ?? undefined,
  };
}

const MODES: Partial<Record<AssignMode, DomainAssignMode>> = {
  [AssignMode.ASSIGN_MODE_ADD]: 'add',
  [AssignMode.ASSIGN_MODE_REPLACE]: 'replace',
};

/** A transaction id that is not a UUID cannot name any transaction. */
function transactionIdOf(id: string): string {
  if (!isUuid(id)) throw AppError.notFound('Transaction');
  return id.toLowerCase();
}

/**
 * AssignmentService: several categories per transaction, at most one primary, with a history
 * of every change. The ledger owns the transaction: callers check it is the user's first and
 * mirror the primary into its category_id afterwards (see the proto).
 */
export function createAssignmentBinding({ db }: AssignmentDeps): GrpcServiceBinding {
  const implementation: AssignmentServiceServer = {
    listAssignments: unary(async (request, { userId }) => {
      const assignments = await listAssignments(db, userId, transactionIdOf(request.transactionId));
      return { assignments: assignments.map(assignmentMessage) };
    }),

    assignCategories: unary(async (request, { userId }) => {
      const transactionId = transactionIdOf(request.transactionId);
      const assignment = validateAssignmentRequest({
        items: request.items,
        mode: MODES[request.mode],
        assignedBy: request.assignedBy,
        actor: request.actor,
        userId,
      });
      const result = await assignCategories(db, userId, transactionId, assignment);
      return {
        assignments: result.assignments.map(assignmentMessage),
        primaryCategoryId: result.primaryAfter ?? undefined,
        previousPrimaryCategoryId: result.primaryBefore ?? undefined,
        primaryChanged: result.primaryAfter !== result.primaryBefore,
      };
    }),

    recordRuleAssignments: unary(async (request, { userId }) => {
      const issues: FieldIssue[] = [];
      if (request.items.length > MAX_RULE_ASSIGNMENTS)
        issues.push({
          field: 'items',
          message: `must contain at most ${MAX_RULE_ASSIGNMENTS} items`,
        });
      // A transaction listed twice keeps its last item.
      const byTransaction = new Map<string, RuleAssignmentInput>();
      request.items.forEach((item, i) => {
        const at = (field: string, message: string) =>
          issues.push({ field: `items.${i}.${field}`, message });
        if (!isUuid(item.transactionId)) at('transactionId', 'must be a UUID');
        if (!isUuid(item.categoryId)) at('categoryId', 'must be a UUID');
        const ruleId = item.ruleId.trim();
        if (!ruleId || ruleId.length > MAX_ACTOR_LENGTH)
          at('ruleId', `must be 1 to ${MAX_ACTOR_LENGTH} characters`);
        const previous = item.previousCategoryId || undefined;
        if (previous !== undefined && !isUuid(previous)) at('previousCategoryId', 'must be a UUID');
        const transactionId = item.transactionId.toLowerCase();
        byTransaction.delete(transactionId);
        byTransaction.set(transactionId, {
          transactionId,
          categoryId: item.categoryId.toLowerCase(),
          ruleId,
          previousCategoryId: previous?.toLowerCase() ?? null,
        });
      });
      if (issues.length) throw AppError.validation(issues);
      const { recorded, skipped } = await recordRuleAssignments(db, userId, [
        ...byTransaction.values(),
      ]);
      return { recorded, skipped };
    }),

    listAssignmentHistory: unary(async (request, { userId }) => {
      const page = normalizePage(request.page);
      const { entries, total } = await listAssignmentHistory(
        db,
        userId,
        transactionIdOf(request.transactionId),
        page,
      );
      const info = pageInfo(page, total);
      return { history: entries.map(historyMessage), page: { ...info, total: String(info.total) } };
    }),
  };

  return { name: ASSIGNMENT_SERVICE_NAME, definition: AssignmentServiceService, implementation };
}
