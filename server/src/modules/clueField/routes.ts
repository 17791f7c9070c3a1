/**
 * Business field settings (/serviceSetup). Paths:
 *
 * robot:
 *   POST /customFieldShow/list            fields of a form: standard + custom, with the role's access
 *   POST /customFieldShow/add | update | delete | sort
 *   POST /customFieldShow/setNextFollowTimeField   the per-organisation 'next follow-up time' field on/off
 *   POST /customFieldShow/getRoleFieldAuth | saveRoleFieldAuth   per role: hidden / read-only / editable, masked
 *   POST /customFieldShowV2/list          custom fields grouped by fieldTopic (groupList, cascadeData)
 *   POST /clueOrderField/queryOrderOrganizationField   type 1 order, 3 product → { lists }
 *   POST /clueOrderField/add | update | delete
 *   POST /clue/tags/list | add | update | delete
 *   POST /clue/tagGroup/list | add | update | delete
 *   POST /clue/followWay|followStatus|followPhase|lostReason/list | add | update | delete | sort
 *   POST /clue/clueFieldRepeat/get | save   duplicate rules
 *   POST /maskConfig/queryMaskConfig | saveMaskConfig   phone masking per role
 *   POST /userCustomField/list | save | reset   a user's columns of a list
 * backend:
 *   POST /channelSourceSet/list | add | update | delete | sort
 * analysis:
 *   POST /asr/V1/setClueUserCustomTable | customTableDefault | getClueUserCustomByType
 *   GET  /asr/V1/tagGroupAndTag
 *   POST /api/clue/getClueUserCustomByType | tagGroupAndTag | getChannelSourceListNew | getLostOrderReasonByOrg | queryMaskConfig
 */
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { defineRoutes, type Router } from '../../platform/http';
import { clearableText, num } from '../../platform/validation';
import { roleOfOrg } from '../org/scope';
import { DictKindLabel, type DictKindName, FieldType, ShowType, STANDARD_FIELDS } from './fields';
import type { ClueFieldService, FieldAccess } from './service';

const id = num(z.number({ error: '必须是数字' }).int().positive('必须是正整数'));
const flag = z.union([z.literal(0), z.literal(1)]);
const groupItem = z.object({
  fieldValue: z.string().max(50).optional(),
  fieldLabel: z.string().trim().min(1, '选项名称不能为空').max(50),
  groupId: z.number().int().nullish(),
  groupName: z.string().max(50).nullish(),
  groupSortNum: z.number().int().optional(),
  itemSortNum: z.number().int().optional(),
});
type Cascade = { value: string; label: string; children?: Cascade[] };
const cascadeNode: z.ZodType<Cascade> = z.lazy(() =>
  z.object({
    value: z.string().min(1).max(100),
    label: z.string().min(1).max(100),
    children: z.array(cascadeNode).max(500, '级联选项每层最多500个').optional(),
  }),
);
const fieldBody = {
  fieldLabel: z.string({ error: '请输入字段名称' }).trim().min(1, '请输入字段名称').max(20, '字段名称不能超过20个字'),
  fieldTopic: z.string().trim().max(20).optional(),
  fieldType: num(z.number({ error: '请选择字段类型' }).int()),
  showType: num(z.number().int().optional()),
  isRequired: flag.optional(),
  isShow: flag.optional(),
  groupList: z.array(groupItem).max(500, '选项最多500个').optional(),
  cascadeData: z.array(cascadeNode).max(500, '级联选项每层最多500个').optional(),
  rules: z
    .object({
      min: z.number().optional(),
      max: z.number().optional(),
      maxLength: z.number().int().positive().optional(),
      decimals: z.number().int().min(0).max(6).optional(),
    })
    .optional(),
  sortNo: z.number().int().optional(),
};
const AddField = z.object(fieldBody);
const UpdateField = z.object({
  id,
  ...fieldBody,
  fieldLabel: fieldBody.fieldLabel.optional(),
  fieldType: fieldBody.fieldType.optional(),
});
const IdBody = z.object({ id });
const SortBody = z.object({ ids: z.array(id).min(1, '请提供排序').max(1000, '一次最多排序1000项') });
const NameBody = z.object({
  name: z.string({ error: '请输入名称' }).trim().min(1, '请输入名称').max(30, '名称不能超过30个字'),
  remark: z.string().max(200).optional(),
  status: z.union([z.literal(1), z.literal(2)]).optional(),
});
const columns = z
  .array(
    z.object({
      fieldName: z.string().min(1),
      width: z.number().int().positive().optional(),
      fixed: z.string().nullish(),
    }),
  )
  .max(200, '列最多200个');
const tableType = num(z.number().int().min(1).max(20).default(1));

/** Definitions as the forms read them: standard fields first, then custom, without what the role may not see. */
export function fieldView(
  f: { fieldName: string; fieldLabel: string; fieldType: number } & Record<string, any>,
  access?: FieldAccess,
) {
  return {
    id: f.id ?? null,
    fieldName: f.fieldName,
    fieldLabel: f.fieldLabel,
    fieldTopic: f.fieldTopic ?? '基本信息',
    fieldType: f.fieldType,
    fieldTypeName: FieldType[f.fieldType as keyof typeof FieldType] ?? '',
    showType: f.showType ?? 1,
    showTypeName: ShowType[(f.showType ?? 1) as keyof typeof ShowType] ?? '',
    isRequired: f.isRequired ?? 0,
    isShow: f.isShow ?? 1,
    isCustom: f.isCustom ?? 1,
    groupList: f.groupList ?? [],
    cascadeData: f.cascadeData ?? [],
    rules: f.rules ?? {},
    sortNo: f.sortNo ?? 0,
    access: access?.access ?? 2,
    masked: access?.masked ? 1 : 0,
  };
}

export function clueFieldRoutes(ctx: AppContext, svc: ClueFieldService): void {
  const view = 'clue:view' as const;
  const edit = 'field:edit' as const;

  const listFields = async (orgId: number, roleId: number | null, isSuperAdmin: boolean) => {
    const [custom, access, nextOn] = await Promise.all([
      svc.fields(orgId),
      isSuperAdmin ? new Map() : svc.accessFor(orgId, roleId),
      svc.nextFollowTimeEnabled(orgId),
    ]);
    const std = STANDARD_FIELDS.filter((f) => f.fieldName !== 'nextFollowTime' || nextOn).map((f) =>
      fieldView(
        { ...f, isCustom: 0, isShow: 1, isRequired: f.fieldName === 'phone' ? 1 : 0, editable: f.editable },
        access.get(f.fieldName),
      ),
    );
    const cus = custom.filter((f) => !f.builtIn).map((f) => fieldView({ ...f, isCustom: 1 }, access.get(f.fieldName)));
    return [...std, ...cus].filter((f) => f.access !== 0);
  };

  const dictRoutes = (r: Router, prefix: string, kind: DictKindName) => {
    r.post(
      `${prefix}/list`,
      { sign: view, body: z.object({ onlyEnabled: z.boolean().optional() }).optional() },
      async ({ session, body }) => (await svc.dict(session.orgId, kind, body?.onlyEnabled)).map(dictView),
    );
    r.post(
      `${prefix}/add`,
      { sign: edit, body: NameBody, audit: `新增${DictKindLabel[kind]}` },
      async ({ session, body }) => dictView(await svc.addDict(session.orgId, kind, body)),
    );
    r.post(
      `${prefix}/update`,
      {
        sign: edit,
        body: NameBody.partial().extend({ id, remark: clearableText('备注', 200) }),
        audit: `修改${DictKindLabel[kind]}`,
      },
      async ({ session, body }) => dictView(await svc.updateDict(session.orgId, kind, body.id, body)),
    );
    r.post(
      `${prefix}/delete`,
      { sign: edit, body: IdBody, audit: `删除${DictKindLabel[kind]}` },
      async ({ session, body }) => {
        await svc.deleteDict(session.orgId, kind, body.id);
      },
    );
    r.post(
      `${prefix}/sort`,
      { sign: edit, body: SortBody, audit: `排序${DictKindLabel[kind]}` },
      async ({ session, body }) => {
        await svc.sortDict(session.orgId, kind, body.ids);
      },
    );
  };

  defineRoutes(ctx.app, 'robot', (r) => {
    r.post('/customFieldShow/list', { sign: view }, async ({ session }) =>
      listFields(session.orgId, session.roleId, session.isSuperAdmin),
    );
    r.post('/customFieldShowV2/list', { sign: view }, async ({ session }) => {
      const fields = await listFields(session.orgId, session.roleId, session.isSuperAdmin);
      const groups = new Map<string, typeof fields>();
      for (const f of fields) groups.set(f.fieldTopic, [...(groups.get(f.fieldTopic) ?? []), f]);
      return [...groups].map(([groupName, list]) => ({ groupName, fieldList: list }));
    });
    r.post('/customFieldShow/add', { sign: edit, body: AddField, audit: '新增自定义字段' }, async ({ session, body }) =>
      fieldView(await svc.addField(session.orgId, 2, body)),
    );
    r.post(
      '/customFieldShow/update',
      { sign: edit, body: UpdateField, audit: '修改自定义字段' },
      async ({ session, body }) => fieldView(await svc.updateField(session.orgId, body.id, body)),
    );
    r.post(
      '/customFieldShow/delete',
      { sign: edit, body: IdBody, audit: '删除自定义字段' },
      async ({ session, body }) => {
        await svc.deleteField(session.orgId, body.id);
      },
    );
    r.post(
      '/customFieldShow/sort',
      { sign: edit, body: SortBody, audit: '排序自定义字段' },
      async ({ session, body }) => {
        await svc.sortFields(session.orgId, body.ids);
      },
    );
    r.post(
      '/customFieldShow/setNextFollowTimeField',
      {
        sign: edit,
        body: z.object({ enabled: z.boolean({ error: '必须是布尔值' }) }),
        audit: '设置下次跟进时间字段',
      },
      async ({ session, body }) => {
        await svc.setNextFollowTimeField(session.orgId, body.enabled);
        return { enabled: body.enabled };
      },
    );
    r.post(
      '/customFieldShow/getRoleFieldAuth',
      { sign: edit, body: z.object({ roleId: id }) },
      async ({ session, body }) => {
        await roleOfOrg(ctx.db, session.orgId, body.roleId);
        const [access, custom] = await Promise.all([
          svc.accessFor(session.orgId, body.roleId),
          svc.customDefs(session.orgId),
        ]);
        return [...STANDARD_FIELDS, ...custom].map((f) => ({
          fieldName: f.fieldName,
          fieldLabel: f.fieldLabel,
          access: access.get(f.fieldName)?.access ?? 2,
          masked: access.get(f.fieldName)?.masked ? 1 : 0,
        }));
      },
    );
    r.post(
      '/customFieldShow/saveRoleFieldAuth',
      {
        sign: edit,
        audit: '设置角色字段权限',
        body: z.object({
          roleId: id,
          items: z
            .array(
              z.object({
                fieldName: z.string().min(1),
                access: z.union([z.literal(0), z.literal(1), z.literal(2)]),
                masked: z.union([z.boolean(), flag]).optional(),
              }),
            )
            .max(1000, '字段最多1000个'),
        }),
      },
      async ({ session, body }) => {
        await roleOfOrg(ctx.db, session.orgId, body.roleId);
        await svc.saveFieldRoles(
          session.orgId,
          body.roleId,
          body.items.map((i) => ({ ...i, masked: Boolean(i.masked) })),
        );
      },
    );

    // order and product fields
    const orderType = z.union([z.literal(1), z.literal(3)], { error: '只能是1（订单）或3（产品）' });
    r.post(
      '/clueOrderField/queryOrderOrganizationField',
      { sign: view, body: z.object({ type: orderType }) },
      async ({ session, body }) => ({
        lists: (await svc.fields(session.orgId, body.type)).map((f) => fieldView(f)),
      }),
    );
    r.post(
      '/clueOrderField/add',
      { sign: edit, body: AddField.extend({ type: orderType }), audit: '新增订单字段' },
      async ({ session, body }) => fieldView(await svc.addField(session.orgId, body.type, body)),
    );
    r.post(
      '/clueOrderField/update',
      { sign: edit, body: UpdateField, audit: '修改订单字段' },
      async ({ session, body }) => fieldView(await svc.updateField(session.orgId, body.id, body)),
    );
    r.post('/clueOrderField/delete', { sign: edit, body: IdBody, audit: '删除订单字段' }, async ({ session, body }) => {
      await svc.deleteField(session.orgId, body.id);
    });

    // tags
    const tagName = z
      .string({ error: '请输入标签名称' })
      .trim()
      .min(1, '请输入标签名称')
      .max(20, '标签名称不能超过20个字');
    r.post('/clue/tagGroup/list', { sign: view }, async ({ session }) => svc.tagGroupAndTag(session.orgId));
    r.post(
      '/clue/tagGroup/add',
      {
        sign: edit,
        audit: '新增标签组',
        body: z.object({
          name: tagName,
          color: z.string().max(20).optional(),
          chooseType: z.union([z.literal(1), z.literal(2)]).optional(),
        }),
      },
      async ({ session, body }) => svc.addTagGroup(session.orgId, body),
    );
    r.post(
      '/clue/tagGroup/update',
      {
        sign: edit,
        audit: '修改标签组',
        body: z.object({
          id,
          name: tagName.optional(),
          color: z.string().max(20).optional(),
          chooseType: z.union([z.literal(1), z.literal(2)]).optional(),
        }),
      },
      async ({ session, body }) =>
        svc.updateTagGroup(session.orgId, body.id, { name: body.name, color: body.color, chooseType: body.chooseType }),
    );
    r.post('/clue/tagGroup/delete', { sign: edit, body: IdBody, audit: '删除标签组' }, async ({ session, body }) => {
      await svc.deleteTagGroup(session.orgId, body.id);
    });
    r.post(
      '/clue/tags/list',
      { sign: view, body: z.object({ groupId: id.optional() }).optional() },
      async ({ session, body }) =>
        (await svc.tags(session.orgId))
          .filter((t) => !body?.groupId || t.groupId === body.groupId)
          .map((t) => ({ id: t.id, tagName: t.name, groupId: t.groupId, sortNo: t.sortNo })),
    );
    r.post(
      '/clue/tags/add',
      { sign: edit, audit: '新增标签', body: z.object({ groupId: id, name: tagName }) },
      async ({ session, body }) => svc.addTag(session.orgId, body),
    );
    r.post(
      '/clue/tags/update',
      { sign: edit, audit: '修改标签', body: z.object({ id, groupId: id.optional(), name: tagName.optional() }) },
      async ({ session, body }) => svc.updateTag(session.orgId, body.id, { name: body.name, groupId: body.groupId }),
    );
    r.post('/clue/tags/delete', { sign: edit, body: IdBody, audit: '删除标签' }, async ({ session, body }) => {
      await svc.deleteTag(session.orgId, body.id);
    });

    dictRoutes(r, '/clue/followWay', 'followWay');
    dictRoutes(r, '/clue/followStatus', 'followStatus');
    dictRoutes(r, '/clue/followPhase', 'followPhase');
    dictRoutes(r, '/clue/lostReason', 'lostReason');

    r.post('/clue/clueFieldRepeat/get', { sign: view }, async ({ session }) => svc.repeatRules(session.orgId));
    r.post(
      '/clue/clueFieldRepeat/save',
      {
        sign: edit,
        audit: '设置查重规则',
        body: z.object({
          rules: z
            .array(
              z.object({
                fieldNames: z.array(z.string().min(1)).min(1, '查重规则至少包含一个字段'),
                enabled: flag.default(1),
                range: z.union([z.literal(1), z.literal(2)]).optional(),
              }),
            )
            .max(20, '查重规则最多20条'),
        }),
      },
      async ({ session, body }) => svc.saveRepeatRules(session.orgId, body.rules),
    );

    r.post('/maskConfig/queryMaskConfig', { sign: view }, async ({ session }) => maskConfig(session.orgId));
    r.post(
      '/maskConfig/saveMaskConfig',
      { sign: edit, audit: '设置号码脱敏', body: z.object({ roleId: id, masked: z.union([z.boolean(), flag]) }) },
      async ({ session, body }) => {
        await roleOfOrg(ctx.db, session.orgId, body.roleId);
        const access = await svc.accessFor(session.orgId, body.roleId);
        const items = [...access].map(([fieldName, a]) => ({ fieldName, access: a.access, masked: a.masked }));
        const phone = items.find((i) => i.fieldName === 'phone');
        if (phone) phone.masked = Boolean(body.masked);
        else items.push({ fieldName: 'phone', access: 2, masked: Boolean(body.masked) });
        await svc.saveFieldRoles(session.orgId, body.roleId, items);
        return maskConfig(session.orgId);
      },
    );

    r.post('/userCustomField/list', { sign: view, body: z.object({ type: tableType }) }, async ({ session, body }) =>
      columnsFor(session, body.type),
    );
    r.post(
      '/userCustomField/save',
      { sign: view, audit: '设置列表字段', body: z.object({ type: tableType, columns }) },
      async ({ session, body }) => svc.setUserTable(session.orgId, session.userId, body.type, body.columns),
    );
    r.post('/userCustomField/reset', { sign: view, body: z.object({ type: tableType }) }, async ({ session, body }) =>
      svc.resetUserTable(session.orgId, session.userId, body.type),
    );
  });

  defineRoutes(ctx.app, 'backend', (r) => dictRoutes(r, '/channelSourceSet', 'channelSource'));

  defineRoutes(ctx.app, 'analysis', (r) => {
    r.post(
      '/asr/V1/setClueUserCustomTable',
      { sign: view, audit: '设置列表字段', body: z.object({ type: tableType, columns }) },
      async ({ session, body }) => svc.setUserTable(session.orgId, session.userId, body.type, body.columns),
    );
    r.post(
      '/asr/V1/customTableDefault',
      { sign: view, body: z.object({ type: tableType }) },
      async ({ session, body }) => {
        await svc.resetUserTable(session.orgId, session.userId, body.type);
        return columnsFor(session, body.type);
      },
    );
    r.post(
      '/asr/V1/getClueUserCustomByType',
      { sign: view, body: z.object({ type: tableType }) },
      async ({ session, body }) => columnsFor(session, body.type),
    );
    r.post(
      '/api/clue/getClueUserCustomByType',
      { sign: view, body: z.object({ type: tableType }) },
      async ({ session, body }) => columnsFor(session, body.type),
    );
    r.get('/asr/V1/tagGroupAndTag', { sign: view }, async ({ session }) => svc.tagGroupAndTag(session.orgId));
    r.post('/api/clue/tagGroupAndTag', { sign: view }, async ({ session }) => svc.tagGroupAndTag(session.orgId));
    r.post('/api/clue/getChannelSourceListNew', { sign: view }, async ({ session }) =>
      (await svc.dict(session.orgId, 'channelSource', true)).map(dictView),
    );
    r.post('/api/clue/getLostOrderReasonByOrg', { sign: view }, async ({ session }) =>
      (await svc.dict(session.orgId, 'lostReason', true)).map(dictView),
    );
    r.post('/api/clue/queryMaskConfig', { sign: view }, async ({ session }) => maskConfig(session.orgId));
  });

  async function columnsFor(
    session: { orgId: number; userId: number; roleId: number | null; isSuperAdmin: boolean },
    type: number,
  ) {
    const access = session.isSuperAdmin ? new Map() : await svc.accessFor(session.orgId, session.roleId);
    return svc.columnsFor(session.orgId, session.userId, type, access);
  }

  async function maskConfig(orgId: number) {
    const rows = await svc.fieldRoles(orgId);
    return {
      maskType: 1,
      maskTypeName: '隐藏中间四位',
      roles: rows.filter((r) => r.fieldName === 'phone').map((r) => ({ roleId: r.roleId, masked: r.masked ? 1 : 0 })),
    };
  }
}

function dictView(d: { id: number; name: string; status: number; sortNo: number; remark: string | null }) {
  return { id: d.id, name: d.name, status: d.status, sortNo: d.sortNo, remark: d.remark ?? '' };
}
