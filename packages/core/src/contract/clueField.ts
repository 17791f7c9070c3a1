/**
 * Business field settings (/serviceSetup 业务字段设置), one file per section under ./clueField/: field definitions,
 * dictionaries, tags, duplicate rules, field access and masking, a user's columns. `contract.clueField.<section>.<call>`.
 */
import { columns } from './clueField/columns';
import { dicts, enabledDicts } from './clueField/dicts';
import { fieldAccess, mask } from './clueField/fieldAccess';
import { fields, orderFields } from './clueField/fields';
import { repeatRules } from './clueField/repeatRules';
import { tagGroups, tags } from './clueField/tags';

export * from './clueField/columns';
export * from './clueField/dicts';
export * from './clueField/fieldAccess';
export * from './clueField/fields';
export * from './clueField/repeatRules';
export * from './clueField/tags';

export const clueField = {
  fields,
  orderFields,
  dicts,
  enabledDicts,
  tagGroups,
  tags,
  repeatRules,
  fieldAccess,
  mask,
  columns,
};
