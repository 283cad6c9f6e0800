import {
  AppError,
  isUuid,
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
  validateAssignmentRequest,
  type Assignment,
  type AssignMode as DomainAssignMode,
  type HistoryEntry,
} from './domain/assignment';
import { assignCategories, listAssignmentHistory, listAssignments } from './store/assignments';

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
