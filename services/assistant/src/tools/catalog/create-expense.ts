import { AppError, formatMoney, money } from '@pfs/kit';
import { z } from 'zod';
import { ownFileName } from '../files';
import { assertOwnCategory } from '../ledger';
import { dateString, moneyString, uuid } from '../schemas';
import { defineTool } from '../tool';

export const createExpense = defineTool({
  name: 'create_expense',
  title: 'Record an expense',
  description:
    'Records an expense (e.g. from a receipt), optionally in a category and with an uploaded ' +
    'file of the user’s attached (assetUrl from the upload).',
  scope: 'write',
  destructive: false,
  input: z.object({
    date: dateString,
    description: z.string().min(1).max(1000),
    amount: moneyString,
    categoryId: uuid.optional(),
    assetUrl: z.string().max(2048).optional(),
  }),
  output: z.object({
    expense: z.object({
      id: z.string(),
      date: z.string(),
      description: z.string(),
      amount: z.string(),
    }),
  }),
  async run(input, ctx) {
    const amount = money(input.amount).abs();
    if (amount.isZero())
      throw AppError.validation([{ field: 'amount', message: 'must not be zero' }]);
    const fileName = input.assetUrl ? ownFileName(input.assetUrl, ctx.userId) : undefined;
    if (input.categoryId) await assertOwnCategory(ctx, input.categoryId);
    const { expense } = await ctx.services.expenses.call(
      (c) => c.createExpense,
      {
        expense: {
          date: input.date,
          description: input.description,
          amount: formatMoney(amount),
          categoryId: input.categoryId,
          taxDeductions: [],
        },
      },
      { userId: ctx.userId },
    );
    if (!expense) throw new AppError('INTERNAL_ERROR', 'The ledger returned no expense');
    if (fileName) {
      await ctx.services.documents.call(
        (c) => c.attachFile,
        { fileName, entityType: 'expense', entityId: expense.id },
        { userId: ctx.userId },
      );
    }
    return {
      expense: {
        id: expense.id,
        date: expense.date.slice(0, 10),
        description: expense.description,
        amount: formatMoney(expense.amount),
      },
    };
  },
});
