/**
 * Business field settings (/serviceSetup): the calls of contract.clueField, served by the section files —
 * customFields (field definitions), dictionaries, tags, duplicateRules, fieldAccess (role access, masking, the
 * form's fields), columns (a user's list columns).
 */
import { contract } from '@crm/core/contract';
import { DictKindLabel, type DictKindName } from '@crm/core/contract/clueField';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import { resetUserColumns, setUserColumns, userColumns } from './columns';
import {
  addField,
  deleteField,
  LEAD_FIELDS,
  orderFieldList,
  setNextFollowTimeField,
  sortFields,
  updateField,
} from './customFields';
import { addDict, deleteDict, dictList, sortDict, updateDict } from './dictionaries';
import { repeatRules, saveRepeatRules } from './duplicateRules';
import {
  formFields,
  formFieldTopics,
  maskConfig,
  roleFieldAccess,
  saveMaskConfig,
  saveRoleFieldAccess,
} from './fieldAccess';
import {
  addTag,
  addTagGroup,
  deleteTag,
  deleteTagGroup,
  groupsWithTags,
  tagList,
  updateTag,
  updateTagGroup,
} from './tags';

const view = 'clue:view';
const edit = 'field:edit';

export function clueFieldRoutes(ctx: AppContext): void {
  const { app, db } = ctx;
  const c = contract.clueField;

  // field definitions: lead fields, then order and product fields
  const f = c.fields;
  implement(app, f.list, { sign: view }, ({ session }) => formFields(db, session));
  implement(app, f.topics, { sign: view }, ({ session }) => formFieldTopics(db, session));
  implement(app, f.add, { sign: edit, audit: '新增自定义字段' }, ({ session, body }) =>
    addField(db, session.orgId, LEAD_FIELDS, body),
  );
  implement(app, f.update, { sign: edit, audit: '修改自定义字段' }, ({ session, body }) =>
    updateField(db, session.orgId, body),
  );
  implement(app, f.delete, { sign: edit, audit: '删除自定义字段' }, ({ session, body }) =>
    deleteField(db, session.orgId, body.id),
  );
  implement(app, f.sort, { sign: edit, audit: '排序自定义字段' }, ({ session, body }) =>
    sortFields(db, session.orgId, body.ids),
  );
  implement(app, f.setNextFollowTimeField, { sign: edit, audit: '设置下次跟进时间字段' }, async ({ session, body }) => {
    await setNextFollowTimeField(db, session.orgId, body.enabled);
    return { enabled: body.enabled };
  });
  const o = c.orderFields;
  implement(app, o.list, { sign: view }, ({ session, body }) => orderFieldList(db, session.orgId, body.type));
  implement(app, o.add, { sign: edit, audit: '新增订单字段' }, ({ session, body }) =>
    addField(db, session.orgId, body.type, body),
  );
  implement(app, o.update, { sign: edit, audit: '修改订单字段' }, ({ session, body }) =>
    updateField(db, session.orgId, body),
  );
  implement(app, o.delete, { sign: edit, audit: '删除订单字段' }, ({ session, body }) =>
    deleteField(db, session.orgId, body.id),
  );

  // dictionaries: the same five calls for each kind
  for (const kind of Object.keys(c.dicts) as DictKindName[]) {
    const d = c.dicts[kind];
    const label = DictKindLabel[kind];
    implement(app, d.list, { sign: view }, ({ session, body }) => dictList(db, session.orgId, kind, body?.onlyEnabled));
    implement(app, d.add, { sign: edit, audit: `新增${label}` }, ({ session, body }) =>
      addDict(db, session.orgId, kind, body),
    );
    implement(app, d.update, { sign: edit, audit: `修改${label}` }, ({ session, body }) =>
      updateDict(db, session.orgId, kind, body),
    );
    implement(app, d.delete, { sign: edit, audit: `删除${label}` }, ({ session, body }) =>
      deleteDict(db, session.orgId, kind, body.id),
    );
    implement(app, d.sort, { sign: edit, audit: `排序${label}` }, ({ session, body }) =>
      sortDict(db, session.orgId, kind, body.ids),
    );
  }
  implement(app, c.enabledDicts.channelSource, { sign: view }, ({ session }) =>
    dictList(db, session.orgId, 'channelSource', true),
  );
  implement(app, c.enabledDicts.lostReason, { sign: view }, ({ session }) =>
    dictList(db, session.orgId, 'lostReason', true),
  );

  // tags
  const g = c.tagGroups;
  implement(app, g.list, { sign: view }, ({ session }) => groupsWithTags(db, session.orgId));
  implement(app, g.withTags, { sign: view }, ({ session }) => groupsWithTags(db, session.orgId));
  implement(app, g.withTagsPost, { sign: view }, ({ session }) => groupsWithTags(db, session.orgId));
  implement(app, g.add, { sign: edit, audit: '新增标签组' }, ({ session, body }) =>
    addTagGroup(db, session.orgId, body),
  );
  implement(app, g.update, { sign: edit, audit: '修改标签组' }, ({ session, body }) =>
    updateTagGroup(db, session.orgId, body),
  );
  implement(app, g.delete, { sign: edit, audit: '删除标签组' }, ({ session, body }) =>
    deleteTagGroup(db, session.orgId, body.id),
  );
  const t = c.tags;
  implement(app, t.list, { sign: view }, ({ session, body }) => tagList(db, session.orgId, body?.groupId));
  implement(app, t.add, { sign: edit, audit: '新增标签' }, ({ session, body }) => addTag(db, session.orgId, body));
  implement(app, t.update, { sign: edit, audit: '修改标签' }, ({ session, body }) =>
    updateTag(db, session.orgId, body),
  );
  implement(app, t.delete, { sign: edit, audit: '删除标签' }, ({ session, body }) =>
    deleteTag(db, session.orgId, body.id),
  );

  // duplicate rules
  implement(app, c.repeatRules.get, { sign: view }, ({ session }) => repeatRules(db, session.orgId));
  implement(app, c.repeatRules.save, { sign: edit, audit: '设置查重规则' }, ({ session, body }) =>
    saveRepeatRules(db, session.orgId, body.rules),
  );

  // field access per role, phone masking
  implement(app, c.fieldAccess.get, { sign: edit }, ({ session, body }) =>
    roleFieldAccess(db, session.orgId, body.roleId),
  );
  implement(app, c.fieldAccess.save, { sign: edit, audit: '设置角色字段权限' }, ({ session, body }) =>
    saveRoleFieldAccess(db, session.orgId, body.roleId, body.items),
  );
  implement(app, c.mask.get, { sign: view }, ({ session }) => maskConfig(db, session.orgId));
  implement(app, c.mask.getForAnalysis, { sign: view }, ({ session }) => maskConfig(db, session.orgId));
  implement(app, c.mask.save, { sign: edit, audit: '设置号码脱敏' }, ({ session, body }) =>
    saveMaskConfig(db, session.orgId, body.roleId, body.masked),
  );

  // a user's columns of a list
  const l = c.columns;
  implement(app, l.list, { sign: view }, ({ session, body }) => userColumns(db, session, body.type));
  implement(app, l.byType, { sign: view }, ({ session, body }) => userColumns(db, session, body.type));
  implement(app, l.byTypeApi, { sign: view }, ({ session, body }) => userColumns(db, session, body.type));
  implement(app, l.save, { sign: view, audit: '设置列表字段' }, ({ session, body }) =>
    setUserColumns(db, session, body),
  );
  implement(app, l.set, { sign: view, audit: '设置列表字段' }, ({ session, body }) =>
    setUserColumns(db, session, body),
  );
  implement(app, l.reset, { sign: view }, ({ session, body }) => resetUserColumns(db, session, body.type));
  implement(app, l.setDefault, { sign: view }, async ({ session, body }) => {
    await resetUserColumns(db, session, body.type);
    return userColumns(db, session, body.type);
  });
}
