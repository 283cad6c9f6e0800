import { AppError, formatMoney, money, moneyToNumber, newId } from '@pfs/kit';
import { ClassificationServiceClient } from '@pfs/proto/categorization/v1/classification';
import {
  DocumentsServiceClient,
  type ReceiptExtraction,
  type StoredFile,
} from '@pfs/proto/documents';
import { ExpenseServiceClient } from '@pfs/proto/ledger/v1/expenses';
import { z } from 'zod';
import type { Principal } from '../auth/principal';
import { attachmentsChanged } from '../compose/attachments';
import { learnFromTransactions } from '../compose/classification';
import { assertOwnCategory } from '../compose/categories';
import {
  amountWindow,
  dateWindow,
  rankCandidates,
  type ReceiptFacts,
  type RecordFacts,
} from '../compose/receipt-candidates';
import { isoDate, moneyAmount, uuid } from '../http/schemas';
import { parseAssetUrl } from '../present/file';
import type { Upstreams } from '../upstreams';
import { fileInfo } from './documents';
import { defineRoute } from './route';
import { patchBody, toPatch } from './transactions';

/**
 * Receipts and invoices: analyze reads an uploaded file (documents service) and finds the
 * ledger records it may belong to; commit links it to a transaction or files it as a new
 * expense with the categorization service's deductibility judgement. Committing twice
 * changes nothing the second time.
 */

const documents = (upstreams: Upstreams) => upstreams.documents.service(DocumentsServiceClient);
/** OCR of a phone photo on a busy 2-core machine. */
const ANALYZE_DEADLINE_MS = 60_000;

const assetUrl = z
  .string()
  .max(300, 'must be at most 300 characters')
  .describe('The assetUrl the upload answered');
const sha256 = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, 'must be a hex SHA-256')
  .describe('SHA-256 of the bytes, as the upload answered');
const size = z.number().int('must be a whole number').min(1, 'must be at least 1');
const mimeType = z.string().max(100).describe('As the upload answered');

const analyzeBody = z.object({ assetUrl, mimeType: mimeType.optional(), size, sha256 });

const lineItemSchema = z.object({
  description: z.string(),
  quantity: z.number().nullable(),
  unitPrice: z.number().nullable(),
  amount: z.number().nullable(),
});

const extractionSchema = z.object({
  merchant: z.string().nullable(),
  dateISO: z.string().nullable(),
  currency: z.string().nullable(),
  total: z.number().nullable().describe('The amount actually paid'),
  tax: z.number().nullable().describe('GST/VAT shown on the document'),
  tip: z.number().nullable(),
  lineItems: z.array(lineItemSchema),
  subtotal: z.number().nullable(),
  taxRate: z.number().nullable().describe('Fraction: 0.1 means 10%'),
  sellerTaxId: z.string().nullable().describe('ABN, VAT or GST number of the seller'),
  invoiceNumber: z.string().nullable(),
  dueDateISO: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  documentType: z.enum(['receipt', 'invoice']),
  confidence: z.record(z.string(), z.number()).describe('Per field, 0–1'),
  taxCheck: z.object({
    expectedRate: z.number().nullable(),
    consistent: z.boolean(),
    message: z.string(),
  }),
});

const candidateSchema = z.object({
  id: z.string(),
  entityType: z.enum(['transaction', 'expense']),
  date: z.string(),
  amount: z.number(),
  description: z.string(),
  merchant: z.string().nullable(),
  score: z.number().describe('0–1'),
  reasons: z.array(z.string()),
});

const num = (v: string | undefined | null) =>
  v === undefined || v === null ? null : moneyToNumber(v);
const rate = (v: string | undefined | null) => (v === undefined || v === null ? null : Number(v));

function presentExtraction(e: ReceiptExtraction): z.output<typeof extractionSchema> {
  return {
    merchant: e.merchant ?? null,
    dateISO: e.dateIso ?? null,
    currency: e.currency ?? null,
    total: num(e.total),
    tax: num(e.tax),
    tip: num(e.tip),
    lineItems: e.lineItems.map((li) => ({
      description: li.description,
      quantity: rate(li.quantity),
      unitPrice: num(li.unitPrice),
      amount: num(li.amount),
    })),
    subtotal: num(e.subtotal),
    taxRate: rate(e.taxRate),
    sellerTaxId: e.sellerTaxId ?? null,
    invoiceNumber: e.invoiceNumber ?? null,
    dueDateISO: e.dueDateIso ?? null,
    paymentMethod: e.paymentMethod ?? null,
    documentType: e.documentType === 'invoice' ? 'invoice' : 'receipt',
    confidence: e.confidence,
    taxCheck: {
      expectedRate: rate(e.taxCheck?.expectedRate),
      consistent: e.taxCheck?.consistent ?? true,
      message: e.taxCheck?.message ?? '',
    },
  };
}

/** The asset must be the caller's own: anyone else's (or a malformed URL) is not found. */
function ownAsset(principal: Principal, url: string): string {
  const parsed = parseAssetUrl(url);
  if (!parsed)
    throw AppError.validation([
      { field: 'assetUrl', message: 'must be an assetUrl answered by POST /api/chat/upload' },
    ]);
  if (parsed.userId !== principal.userId.toLowerCase()) throw AppError.notFound('File');
  return parsed.fileName;
}

function checkMimeType(file: StoredFile, declared: string | undefined): void {
  if (declared !== undefined && declared.toLowerCase() !== file.mimeType)
    throw AppError.validation(
      [{ field: 'mimeType', message: `does not match the stored file (${file.mimeType})` }],
      'The file does not match what was uploaded',
    );
}

/** The user's transactions and expenses around the receipt's total and date. */
async function findRecords(upstreams: Upstreams, receipt: ReceiptFacts): Promise<RecordFacts[]> {
  if (receipt.total === null && receipt.dateISO === null) return [];
  const dates = receipt.dateISO ? dateWindow(receipt.dateISO) : undefined;
  const amounts = receipt.total !== null ? amountWindow(receipt.total) : undefined;
  const [{ transactions }, { expenses }] = await Promise.all([
    upstreams.ledger.call((c) => c.listTransactions, {
      filter: {
        from: dates?.from,
        to: dates?.to,
        type: 'debit',
        minAmount: amounts?.min,
        maxAmount: amounts?.max,
        uncategorized: false,
      },
      page: { page: 1, limit: 100 },
      sort: '-date',
    }),
    dates
      ? upstreams.ledger
          .service(ExpenseServiceClient)
          .call((c) => c.listExpenses, { filter: dates, page: { page: 1, limit: 200 } })
      : Promise.resolve({ expenses: [] }),
  ]);
  return [
    ...transactions.map((t) => ({
      id: t.id,
      entityType: 'transaction' as const,
      date: t.date.slice(0, 10),
      amount: t.amount,
      description: t.description,
      merchant: t.merchant ?? null,
      direction: t.type === 'credit' ? ('in' as const) : ('out' as const),
    })),
    ...expenses
      .filter(
        (e) =>
          !amounts ||
          (money(e.amount).greaterThanOrEqualTo(amounts.min) &&
            money(e.amount).lessThanOrEqualTo(amounts.max)),
      )
      .map((e) => ({
        id: e.id,
        entityType: 'expense' as const,
        date: e.date,
        amount: e.amount,
        description: e.description,
        merchant: null,
        direction: 'out' as const,
      })),
  ];
}

const committedExtraction = z.object({
  merchant: z.string().trim().max(200).nullable().optional(),
  dateISO: isoDate.nullable().optional(),
  currency: z.string().max(3).nullable().optional(),
  total: moneyAmount({ positive: true }).nullable().optional(),
  tax: moneyAmount().nullable().optional(),
  tip: moneyAmount().nullable().optional(),
  invoiceNumber: z.string().max(100).nullable().optional(),
  sellerTaxId: z.string().max(50).nullable().optional(),
});

const commitBody = z.object({
  assetUrl,
  mimeType: mimeType.optional(),
  size,
  action: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('link'),
      transactionId: uuid,
      updateFields: patchBody
        .optional()
        .describe('Changes to the transaction, as PATCH takes them'),
    }),
    z.object({
      type: z.literal('create'),
      categoryId: uuid.optional().describe('Else the classifier suggests one'),
      description: z.string().trim().min(1).max(1000).optional().describe('Else the merchant'),
    }),
  ]),
  extracted: committedExtraction
    .optional()
    .describe(
      'The extraction as the user confirmed it; for create: total and dateISO are required',
    ),
});

type CommitBody = z.output<typeof commitBody>;

async function linkTransaction(
  upstreams: Upstreams,
  fileName: string,
  action: Extract<CommitBody['action'], { type: 'link' }>,
): Promise<string> {
  const { transaction } = await upstreams.ledger.call((c) => c.getTransaction, {
    id: action.transactionId,
  });
  if (!transaction) throw AppError.notFound('Transaction');
  const fields = action.updateFields;
  if (fields && Object.keys(fields).length) {
    await assertOwnCategory(upstreams, fields.categoryId);
    const { transaction: updated } = await upstreams.ledger.call((c) => c.updateTransaction, {
      id: transaction.id,
      patch: toPatch(fields),
    });
    if (updated && fields.categoryId !== undefined)
      await learnFromTransactions(upstreams, [updated]);
  }
  await documents(upstreams).call((c) => c.attachFile, {
    fileName,
    entityType: 'transaction',
    entityId: transaction.id,
  });
  return transaction.id;
}

async function existingExpense(
  upstreams: Upstreams,
  fileName: string,
): Promise<string | undefined> {
  const { attachments } = await documents(upstreams).call((c) => c.listAttachments, {
    entityType: '',
    entityIds: [],
    fileName,
  });
  return attachments.find((a) => a.entityType === 'expense')?.entityId;
}

async function createExpense(
  upstreams: Upstreams,
  principal: Principal,
  file: StoredFile,
  body: CommitBody,
  action: Extract<CommitBody['action'], { type: 'create' }>,
): Promise<string> {
  const already = await existingExpense(upstreams, file.fileName);
  if (already) return already;
  const e = body.extracted ?? {};
  const issues = [
    ...(e.total == null
      ? [{ field: 'extracted.total', message: 'is required to create an expense' }]
      : []),
    ...(e.dateISO == null
      ? [{ field: 'extracted.dateISO', message: 'is required to create an expense' }]
      : []),
  ];
  if (issues.length) throw AppError.validation(issues);
  await assertOwnCategory(upstreams, action.categoryId);
  const total = formatMoney(e.total!);
  const description = action.description ?? e.merchant ?? file.originalName;
  // The categorization service's judgement of the purchase: category (when none was chosen)
  // and deductibility by the user's country and business type.
  const { results } = await upstreams.categorization
    .service(ClassificationServiceClient)
    .call((c) => c.analyzeTaxDeductions, {
      profile: {
        countryCode: principal.countryCode,
        businessType: principal.businessType,
      },
      transactions: [
        {
          id: newId(),
          description,
          merchant: e.merchant ?? undefined,
          amount: total,
          type: 'debit',
          date: e.dateISO!,
          categoryId: action.categoryId,
          gstRate: '',
          gstAmount: e.tax == null ? '' : formatMoney(e.tax),
          gstIncluded: true,
        },
      ],
    });
  const judgement = results[0];
  const deductible = judgement?.isTaxDeductible ?? false;
  const notes = [
    `From ${file.originalName}`,
    e.tax != null ? `GST/VAT ${formatMoney(e.tax)}` : null,
    judgement?.gstCredit ? `GST credit ${judgement.gstCredit}` : null,
    e.invoiceNumber ? `Invoice ${e.invoiceNumber}` : null,
    e.sellerTaxId ? `Seller tax id ${e.sellerTaxId}` : null,
    judgement?.reasoning ? `Deductibility: ${judgement.reasoning}` : null,
  ]
    .filter(Boolean)
    .join('; ')
    .slice(0, 5000);
  const deductibleAmount = judgement?.deductibleAmount
    ? money(judgement.deductibleAmount)
    : money(0);
  const { expense } = await upstreams.ledger
    .service(ExpenseServiceClient)
    .call((c) => c.createExpense, {
      expense: {
        date: e.dateISO!,
        description: description.slice(0, 1000),
        amount: total,
        categoryId: action.categoryId ?? (judgement?.categoryId || undefined),
        isTaxDeductible: deductible,
        taxDeductions:
          deductible && deductibleAmount.greaterThan(0)
            ? [
                {
                  taxCategory: (judgement?.taxCategory || 'General').slice(0, 100),
                  amount: formatMoney(deductibleAmount),
                  percentage: String(judgement?.businessUsePercentage ?? 100),
                  notes: undefined,
                },
              ]
            : [],
        notes,
      },
    });
  if (!expense) throw new AppError('INTERNAL_ERROR', 'Ledger returned no expense');
  const { attachment } = await documents(upstreams).call((c) => c.attachFile, {
    fileName: file.fileName,
    entityType: 'expense',
    entityId: expense.id,
  });
  // Two commits at once: the file's first expense wins and the other is removed again.
  if (attachment && attachment.entityId.toLowerCase() !== expense.id.toLowerCase()) {
    await upstreams.ledger
      .service(ExpenseServiceClient)
      .call((c) => c.deleteExpense, { id: expense.id })
      .catch(() => undefined);
    return attachment.entityId;
  }
  return expense.id;
}

export const receiptRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/receipts/analyze',
    summary: 'Read an uploaded receipt or invoice and find the records it belongs to',
    description:
      'Reads the file offline (OCR for photos and scans, the text layer of PDFs), extracts the merchant, date (in ' +
      'your country’s order), currency, the total actually paid, tax, tip, line items, subtotal, tax rate, the ' +
      'seller’s tax number, invoice number and due date, with a confidence per field, and checks the GST/VAT shown ' +
      'against your country’s rate. `sha256` and `size` must match the stored bytes (400); another user’s asset is ' +
      '404. The extraction is cached per file. Candidates are your transactions and expenses near the total and ' +
      'date, with a merchant that reads alike, best first, each with a score and the reasons. While many documents ' +
      'are being read, 503 with Retry-After.',
    tags: ['Receipts'],
    auth: 'user',
    upstreams: ['documents', 'ledger'],
    body: analyzeBody,
    response: z.object({
      success: z.literal(true),
      data: z.object({
        extracted: extractionSchema,
        candidates: z.array(candidateSchema),
        asset: z.object({ assetUrl: z.string(), mimeType: z.string(), size: z.number().int() }),
        warnings: z.array(z.string()),
        cached: z.boolean(),
      }),
    }),
    async handler({ body, principal, upstreams }) {
      const fileName = ownAsset(principal, body.assetUrl);
      const result = await documents(upstreams).call(
        (c) => c.analyzeReceipt,
        {
          fileName,
          sha256: body.sha256.toLowerCase(),
          size: String(body.size),
          countryCode: principal.countryCode,
          mimeType: body.mimeType?.toLowerCase(),
        },
        { deadlineMs: ANALYZE_DEADLINE_MS },
      );
      const file = result.file!;
      const extracted = result.extracted!;
      const receipt: ReceiptFacts = {
        total: extracted.total ?? null,
        tip: extracted.tip ?? null,
        dateISO: extracted.dateIso ?? null,
        merchant: extracted.merchant ?? null,
      };
      const candidates = rankCandidates(receipt, await findRecords(upstreams, receipt));
      return {
        data: {
          extracted: presentExtraction(extracted),
          candidates: candidates.map((c) => ({
            id: c.id,
            entityType: c.entityType,
            date: c.date,
            amount: moneyToNumber(c.amount),
            description: c.description,
            merchant: c.merchant,
            score: c.score,
            reasons: c.reasons,
          })),
          asset: { assetUrl: body.assetUrl, mimeType: file.mimeType, size: Number(file.size) },
          warnings: result.warnings,
          cached: result.cached,
        },
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/receipts/commit',
    summary: 'Attach a receipt to a transaction, or file it as a new expense',
    description:
      '`action.type` link: attaches the file to your transaction and applies `updateFields` (validated as PATCH ' +
      '/api/bank/transactions/{id}). create: a new expense from `extracted` (total and dateISO required; ' +
      'merchant as the description) with the receipt attached, the category you give or the classifier’s, and ' +
      'the deductibility judgement for your country and business type recorded as its tax deduction; GST, invoice ' +
      'number and seller tax id go to its notes. Committing the same file again answers the same record and ' +
      'creates nothing.',
    tags: ['Receipts'],
    auth: 'user',
    upstreams: ['documents', 'ledger', 'categorization'],
    body: commitBody,
    response: z.object({
      success: z.literal(true),
      data: z.object({ entityType: z.enum(['transaction', 'expense']), entityId: z.string() }),
    }),
    async handler({ body, principal, upstreams, authenticator }) {
      const fileName = ownAsset(principal, body.assetUrl);
      const file = await fileInfo(upstreams, fileName);
      if (Number(file.size) !== body.size)
        throw AppError.validation(
          [{ field: 'size', message: `does not match the stored file (${file.size} bytes)` }],
          'The file does not match what was uploaded',
        );
      checkMimeType(file, body.mimeType);
      const action = body.action;
      if (action.type === 'link') {
        const entityId = await linkTransaction(upstreams, fileName, action);
        attachmentsChanged(authenticator, principal.userId, 'transaction');
        return { data: { entityType: 'transaction', entityId } };
      }
      const entityId = await createExpense(upstreams, principal, file, body, action);
      attachmentsChanged(authenticator, principal.userId, 'expense');
      return { data: { entityType: 'expense', entityId } };
    },
  }),
];
