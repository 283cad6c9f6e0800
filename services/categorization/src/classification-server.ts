import {
  AppError,
  isUuid,
  unary,
  type FieldIssue,
  type GrpcServiceBinding,
  type Knex,
  type Logger,
} from '@pfs/kit';
import {
  ClassificationServiceService,
  type Classification,
  type ClassificationServiceServer,
  type TaxDeductionResult as TaxDeductionResultMessage,
  type TaxProfile as TaxProfileMessage,
  type TransactionFacts,
} from '@pfs/proto/categorization/v1/classification';
import type { UserCategory } from './domain/classifier/categories';
import {
  Classifier,
  type ClassificationResult,
  type TransactionToClassify,
} from './domain/classifier/classifier';
import { knowledgeModel } from './domain/classifier/knowledge-model';
import { LlmRefiner, llmSettingsFromEnv, type LlmSettings } from './domain/classifier/llm-refiner';
import { UserModelCache } from './domain/classifier/model-cache';
import { merchantKey, normalizeDescription } from './domain/classifier/normalize';
import { UserCalibrations } from './domain/classifier/user-calibration';
import type { UserModel } from './domain/classifier/user-model';
import { defaultCategorySet } from './domain/default-categories';
import { analyzeTaxDeductions, type AnalysisItem } from './domain/tax-deduction/analyze';
import type { TaxDeductionResult } from './domain/tax-deduction/types';
import { parseUserProfile, type UserProfile } from './domain/user-profile';
import { ensureDefaultSet } from './store/category-sets';
import {
  classifierCategories,
  loadLabels,
  modelVersion,
  recordLabels,
  type LabelWrite,
} from './store/classifier';

export const CLASSIFICATION_SERVICE_NAME = 'pfs.categorization.v1.ClassificationService';

/** Transactions per Classify or AnalyzeTaxDeductions call; labels per RecordLabels call. */
export const MAX_TRANSACTIONS_PER_CALL = 1_000;
export const MAX_LABELS_PER_CALL = 500;

export interface ClassificationDeps {
  db: Knex;
  logger: Logger;
  /** The optional LLM second opinion; read from LLM_* environment variables when omitted. */
  llm?: LlmSettings | null;
  /** How many users' models stay in memory. */
  modelCacheSize?: number;
}

const DECIMAL = /^\d{1,12}(\.\d{1,2})?$/;
const RATE = /^(0(\.\d{1,5})?|1(\.0+)?)$/;

/** Validates the transactions of a Classify/Analyze call; every problem is reported by index. */
function validateFacts(transactions: readonly TransactionFacts[]): void {
  const issues: FieldIssue[] = [];
  if (!transactions.length || transactions.length > MAX_TRANSACTIONS_PER_CALL) {
    throw AppError.validation([
      {
        field: 'transactions',
        message: `must contain 1 to ${MAX_TRANSACTIONS_PER_CALL} transactions`,
      },
    ]);
  }
  transactions.forEach((t, i) => {
    const at = (field: string) => `transactions.${i}.${field}`;
    if (!t.id || t.id.length > 100)
      issues.push({ field: at('id'), message: 'is required (at most 100 characters)' });
    if (t.description.length > 1000)
      issues.push({ field: at('description'), message: 'must be at most 1000 characters' });
    if ((t.merchant ?? '').length > 200)
      issues.push({ field: at('merchant'), message: 'must be at most 200 characters' });
    if (t.amount && !DECIMAL.test(t.amount))
      issues.push({ field: at('amount'), message: 'must be a positive decimal string' });
    if (t.type && t.type !== 'debit' && t.type !== 'credit')
      issues.push({ field: at('type'), message: 'must be debit or credit' });
    if (t.gstRate && !RATE.test(t.gstRate))
      issues.push({ field: at('gstRate'), message: 'must be a decimal fraction' });
    if (t.gstAmount && !DECIMAL.test(t.gstAmount))
      issues.push({ field: at('gstAmount'), message: 'must be a decimal string' });
  });
  if (issues.length) throw AppError.validation(issues.slice(0, 100));
}

function profileOf(
  message: TaxProfileMessage | undefined,
): UserProfile & { gstRegistered?: boolean } {
  return { ...parseUserProfile(message ?? {}), gstRegistered: message?.gstRegistered };
}

function toClassify(t: TransactionFacts): TransactionToClassify {
  return {
    id: t.id,
    description: t.description,
    merchant: t.merchant,
    amount: t.amount ? Number(t.amount) : undefined,
    type: t.type || undefined,
  };
}

function classificationMessage(r: ClassificationResult): Classification {
  return {
    id: r.id,
    categoryId: r.categoryId ?? '',
    categoryName: r.categoryName ?? '',
    confidence: r.confidence,
    reasoning: r.reasoning,
    alternatives: r.alternatives,
    source: r.source,
  };
}

function taxResultMessage(r: TaxDeductionResult): TaxDeductionResultMessage {
  return { ...r };
}

export function createClassificationBinding({
  db,
  logger,
  llm,
  modelCacheSize,
}: ClassificationDeps): GrpcServiceBinding {
  // Built now, before the service takes requests: it takes about a second (its keyword model
  // and merchant index), which the first classification after every start would wait for.
  knowledgeModel();
  const models = new UserModelCache(modelCacheSize);
  const calibrations = new UserCalibrations(modelCacheSize);
  const llmSettings = llm === undefined ? llmSettingsFromEnv(process.env) : (llm ?? undefined);
  const refiner = llmSettings ? new LlmRefiner(llmSettings, undefined, logger) : undefined;
  if (refiner)
    logger.info(
      { model: llmSettings?.model, threshold: llmSettings?.threshold },
      'LLM refinement of low-confidence classifications is on',
    );

  /** The user's categories; a user who has none yet gets the country's defaults first. */
  async function categoriesOf(userId: string, profile: UserProfile): Promise<UserCategory[]> {
    const categories = await classifierCategories(db, userId);
    if (categories.length) return categories;
    const { created } = await ensureDefaultSet(db, userId, () => defaultCategorySet(profile));
    if (created)
      logger.info({ userId, ...profile, created }, 'provisioned default categories lazily');
    return classifierCategories(db, userId);
  }

  /** The user's model at the current version: from memory, or rebuilt from the stored labels. */
  async function modelOf(userId: string): Promise<UserModel | undefined> {
    const version = await modelVersion(db, userId);
    if (version === 0) return undefined;
    return (
      models.get(userId, version) ?? models.build(userId, version, await loadLabels(db, userId))
    );
  }

  async function classify(
    userId: string,
    profile: UserProfile,
    transactions: TransactionToClassify[],
    categories: UserCategory[],
  ) {
    const userModel = await modelOf(userId);
    const context = {
      countryCode: profile.countryCode,
      businessType: profile.businessType,
      categories,
    };
    const classifier = new Classifier({
      ...context,
      userModel,
      calibration: userModel && calibrations.for(userId, { ...context, userModel }),
    });
    const results = classifier.classifyAll(transactions);
    return refiner ? refiner.refine(transactions, results, categories, profile) : results;
  }

  const implementation: ClassificationServiceServer = {
    classify: unary(async (request, { userId }) => {
      validateFacts(request.transactions);
      const profile = profileOf(request.profile);
      const categories = await categoriesOf(userId, profile);
      const results = await classify(
        userId,
        profile,
        request.transactions.map(toClassify),
        categories,
      );
      return { results: results.map(classificationMessage) };
    }),

    analyzeTaxDeductions: unary(async (request, { userId }) => {
      validateFacts(request.transactions);
      const profile = profileOf(request.profile);
      const categories = await categoriesOf(userId, profile);
      const byId = new Map(categories.map((c) => [c.id, c]));
      const uncategorised = request.transactions.filter(
        (t) => !(t.categoryId && byId.has(t.categoryId.toLowerCase())),
      );
      // The classifier fills in a category for transactions that have none (or not one of theirs).
      const classified = new Map(
        (uncategorised.length
          ? await classify(userId, profile, uncategorised.map(toClassify), categories)
          : []
        ).map((r) => [r.id, r]),
      );
      const items: AnalysisItem[] = request.transactions.map((t) => {
        const own = t.categoryId ? byId.get(t.categoryId.toLowerCase()) : undefined;
        const guess = own ? undefined : classified.get(t.id);
        const chosen = own ?? (guess?.categoryId ? byId.get(guess.categoryId) : undefined);
        return {
          transaction: {
            id: t.id,
            description: t.description,
            merchant: t.merchant,
            amount: t.amount || '0',
            type: t.type || 'debit',
            date: t.date,
            gstRate: t.gstRate,
            gstAmount: t.gstAmount,
            gstIncluded: t.gstIncluded,
          },
          category: chosen && {
            ...chosen,
            certainty: own ? 1 : (guess?.confidence ?? 0),
            classifiedBecause: own ? undefined : guess?.reasoning,
          },
        };
      });
      return { results: analyzeTaxDeductions(items, profile).map(taxResultMessage) };
    }),

    recordLabels: unary(async (request, { userId }) => {
      const { labels } = request;
      if (!labels.length || labels.length > MAX_LABELS_PER_CALL) {
        throw AppError.validation([
          { field: 'labels', message: `must contain 1 to ${MAX_LABELS_PER_CALL} labels` },
        ]);
      }
      const issues: FieldIssue[] = [];
      labels.forEach((l, i) => {
        if (!isUuid(l.transactionId))
          issues.push({ field: `labels.${i}.transactionId`, message: 'must be a UUID' });
        if (l.categoryId && !isUuid(l.categoryId))
          issues.push({ field: `labels.${i}.categoryId`, message: 'must be a UUID or empty' });
        if (l.description.length > 1000)
          issues.push({
            field: `labels.${i}.description`,
            message: 'must be at most 1000 characters',
          });
        if (l.amount && !DECIMAL.test(l.amount))
          issues.push({
            field: `labels.${i}.amount`,
            message: 'must be a positive decimal string',
          });
      });
      if (issues.length) throw AppError.validation(issues.slice(0, 100));

      const writes: LabelWrite[] = labels.map((l) => ({
        transactionId: l.transactionId.toLowerCase(),
        description: l.description,
        merchant: l.merchant?.slice(0, 200) || null,
        merchantKey: merchantKey(normalizeDescription(l.description, l.merchant)).slice(0, 200),
        amount: l.amount || null,
        type: l.type === 'credit' ? 'credit' : 'debit',
        categoryId: l.categoryId.toLowerCase(),
      }));
      const { applied, version } = await recordLabels(db, userId, writes);
      if (!applied.length) return { recorded: 0 };
      // Learn incrementally in this replica's memory; other replicas rebuild on the new version.
      models.advance(
        userId,
        version,
        applied.map((l) =>
          l.categoryId
            ? {
                label: {
                  transactionId: l.transactionId,
                  description: l.description,
                  merchant: l.merchant,
                  amount: l.amount === null ? undefined : Number(l.amount),
                  type: l.type,
                  categoryId: l.categoryId,
                },
              }
            : { forget: l.transactionId },
        ),
      );
      logger.debug({ userId, recorded: applied.length, version }, 'classifier labels recorded');
      return { recorded: applied.length };
    }),
  };

  return {
    name: CLASSIFICATION_SERVICE_NAME,
    definition: ClassificationServiceService,
    implementation,
  };
}
