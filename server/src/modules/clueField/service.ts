import type { FieldInput, RepeatRuleInput, TagGroupInput, TagInput } from '@crm/core/contract/clueField';
import type { Db, DbOrTx } from '../../platform/db';
import { addField, customDefs, setNextFollowTimeField, validateCustom } from './customFields';
import { checkDictId, dictAll, dictItem, dictRows, seedDicts } from './dictionaries';
import { activeRepeatRules, saveRepeatRules } from './duplicateRules';
import { accessFor } from './fieldAccess';
import type { DictKindName } from './fields';
import { addTag, addTagGroup, checkTagIds, tagRows } from './tags';

export type { FieldRow } from './customFields';
export type { DictRow } from './dictionaries';
export type { FieldAccess } from './fieldAccess';

/**
 * The business settings as the other modules read them (`ctx.services.clueField`): the lead module and the import
 * jobs (custom field definitions, dictionaries, tags, duplicate rules, a role's field access) and the demo seed.
 * By organisation id, since jobs and the seed have no session; each method is one function of the sections
 * (customFields, dictionaries, tags, duplicateRules, fieldAccess), which the routes call directly.
 */
export class ClueFieldService {
  constructor(private readonly db: Db) {}

  customDefs = (orgId: number, db: DbOrTx = this.db) => customDefs(db, orgId);
  validateCustom = (orgId: number, input: Record<string, unknown>, mode: 'create' | 'update', db: DbOrTx = this.db) =>
    validateCustom(db, orgId, input, mode);
  addField = (orgId: number, scope: number, input: FieldInput) => addField(this.db, orgId, scope, input);
  setNextFollowTimeField = (orgId: number, enabled: boolean) => setNextFollowTimeField(this.db, orgId, enabled);

  dict = (orgId: number, kind: DictKindName, onlyEnabled = false, db: DbOrTx = this.db) =>
    dictRows(db, orgId, kind, onlyEnabled);
  dictAll = (orgId: number, db: DbOrTx = this.db) => dictAll(db, orgId);
  dictItem = (orgId: number, kind: DictKindName, id: number, db: DbOrTx = this.db) => dictItem(db, orgId, kind, id);
  checkDictId = (orgId: number, kind: DictKindName, id: number | null | undefined, db: DbOrTx = this.db) =>
    checkDictId(db, orgId, kind, id);

  tags = (orgId: number, db: DbOrTx = this.db) => tagRows(db, orgId);
  checkTagIds = (orgId: number, ids: number[], db: DbOrTx = this.db) => checkTagIds(db, orgId, ids);
  addTagGroup = (orgId: number, input: TagGroupInput) => addTagGroup(this.db, orgId, input);
  addTag = (orgId: number, input: TagInput) => addTag(this.db, orgId, input);

  activeRepeatRules = (orgId: number, db: DbOrTx = this.db) => activeRepeatRules(db, orgId);
  saveRepeatRules = (orgId: number, rules: RepeatRuleInput[]) => saveRepeatRules(this.db, orgId, rules);

  accessFor = (orgId: number, roleId: number | null) => accessFor(this.db, orgId, roleId);

  /** Demo dictionaries for a new organisation. */
  seedDefaults = (orgId: number) => seedDicts(this.db, orgId);
}
