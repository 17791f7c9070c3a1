export { analyse } from './analyse';
export { ABUSE_RULE, abuseChecker } from './checkers/abuse';
export { regexRulesChecker } from './checkers/regexRules';
export { wordRulesChecker } from './checkers/wordRules';
export { DEFAULT_CHECKERS, DEFAULT_RULES } from './defaults';
export { jieba as loadJieba } from './keywords';
export * from './types';
