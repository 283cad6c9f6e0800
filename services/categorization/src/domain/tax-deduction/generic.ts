import type { ExpenseKind } from './expense-kind';
import { judge, looksLikeFine, notDeductible, recordedOr } from './judgement';
import type { Judgement, RuleContext } from './types';

/**
 * Countries without built-in rules: the category's own deductible flag and label decide, with
 * the principles most tax systems share, and a plain note that local rules were not applied.
 */
export function genericRules(ctx: RuleContext, kind: ExpenseKind): Judgement {
  const country = ctx.profile.countryCode;
  const local = `Rules for ${country} are not built in: confirm with a local tax adviser.`;
  if (looksLikeFine(ctx))
    return notDeductible('Fines and penalties are generally not deductible.', {
      ruleCertainty: 0.85,
      warnings: [local],
    });
  if (kind === 'income' || kind === 'business_income')
    return notDeductible('Income is taxable, not a deduction.', { ruleCertainty: 0.9 });
  if (kind === 'transfer')
    return notDeductible('A transfer is neither income nor an expense.', { ruleCertainty: 0.9 });
  if (!ctx.category?.isTaxDeductible) {
    return notDeductible(
      `${ctx.category?.name ?? 'This transaction'} is a personal expense, generally not deductible.`,
      {
        ruleCertainty: 0.7,
        warnings: [local],
      },
    );
  }
  return judge({
    isTaxDeductible: true,
    businessUsePercentage: recordedOr(ctx, 100),
    ruleCertainty: 0.55,
    taxCategory: ctx.category.taxCategory ?? '',
    reasoning: `Filed under ${ctx.category.name}${ctx.category.taxCategory ? ` (${ctx.category.taxCategory})` : ''}, a deductible category: claim the work or business share.`,
    documentationRequired: ['Receipts or invoices'],
    warnings: ['Apportion any private use.', local],
  });
}
