export { createRulesCatchUp, type RulesCatchUp } from './catch-up';
export { ruleTargetBinding, runOverTable, RUN_BATCH } from './apply';
export { applyToTransaction, assignmentsOf, transactionRecord } from './records';
export { createRulesSource, type RulesSource, type RulesSourceOptions } from './source';
export { applyRulesToImported } from './imported';
