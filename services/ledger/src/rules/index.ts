export { createRulesCatchUp, type RulesCatchUp } from './catch-up';
export { ruleTargetBinding, runOverTable, RUN_BATCH } from './apply';
export {
  applyToRecord,
  applyToTransaction,
  assignmentsOf,
  expenseRecord,
  ruleNewRecord,
  transactionRecord,
  type LedgerFields,
} from './records';
export {
  createRulesSource,
  type RuleAssignmentRecord,
  type RulesSource,
  type RulesSourceOptions,
} from './source';
export { applyRulesToImported } from './imported';
