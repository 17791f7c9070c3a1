/** AI 设置 and 开通 AI: the calls of contract.aiSetting, served by the files of this folder. */
import type { FunctionSign } from '@crm/core';
import { contract } from '@crm/core/contract';
import { intentionNameValues } from '@crm/core/contract/aiSetting';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import type { Session } from '../../platform/session';
import { aiDemand, aiOpenState, saveAiDemand, setAiOpen } from './aiOpen';
import { deleteField, saveField, updateField } from './fields';
import { addHotWords, hotWords, removeHotWords } from './hotWords';
import { deleteModel, modelRows, presentModel, saveModel, testModel, updateModel } from './models';
import type { AiSettingService } from './service';
import { deleteTag, listTags, saveTag, setTagsShown, tagGroupsWithTags, updateTag } from './tags';

/** Reading analysis settings: the analysis sign, or the settings sign itself. */
const VIEW: FunctionSign[] = ['analysis:view', 'analysis:edit'];
const EDIT: FunctionSign = 'analysis:edit';
/** The hot words are also the speech-to-text settings' (one store). */
const HOT_WORDS: FunctionSign[] = ['analysis:edit', 'asr:edit'];

export function aiSettingRoutes(ctx: AppContext, svc: AiSettingService): void {
  const { app, db } = ctx;
  const c = contract.aiSetting;
  /** Every save drops the organisation's cached settings, so that the next analysis uses them. */
  const changed = async <T>(s: Session, work: Promise<T>): Promise<T> => {
    const out = await work;
    await svc.forget(s.orgId);
    return out;
  };

  // analysis base
  implement(app, c.tagGroupAndTag, { sign: VIEW }, ({ session }) => tagGroupsWithTags(db, session));
  implement(app, c.orgFields, { sign: VIEW }, ({ session }) => svc.fields(session, true));
  implement(app, c.getShowSet, { sign: VIEW }, ({ session }) => svc.showSetOf(session));
  implement(app, c.setShowSet, { sign: EDIT, audit: '修改 AI 展示设置' }, ({ session, body }) =>
    changed(session, svc.saveShowSet(session, body)),
  );
  implement(app, c.getRiskConfig, { sign: VIEW }, ({ session }) => svc.riskConfig(session));
  implement(app, c.saveRiskConfig, { sign: EDIT, audit: '修改风险规则' }, ({ session, body }) =>
    changed(session, svc.saveRiskConfig(session, body)),
  );

  // robot base
  implement(app, c.intentionNameValues, {}, () => intentionNameValues());
  implement(app, c.getIntentionRules, { sign: VIEW }, ({ session }) => svc.intentionRules(session));
  implement(app, c.saveIntentionRules, { sign: EDIT, audit: '修改意向规则' }, ({ session, body }) =>
    changed(session, svc.saveIntentionRules(session, body)),
  );
  implement(app, c.hotWordList, {}, ({ session }) => hotWords(ctx.services.asr, session));
  implement(app, c.hotWordSave, { sign: HOT_WORDS, audit: '添加热词' }, ({ session, body }) =>
    changed(session, addHotWords(ctx.services.asr, session, body.words)),
  );
  implement(app, c.hotWordDelete, { sign: HOT_WORDS, audit: '删除热词' }, ({ session, body }) =>
    changed(session, removeHotWords(ctx.services.asr, session, body.words)),
  );

  // backend base: AI tags and groups
  implement(app, c.tagList, { sign: VIEW }, ({ session, body }) => listTags(db, session, body));
  implement(app, c.tagSave, { sign: EDIT, audit: '新增 AI 标签' }, ({ session, body }) =>
    changed(session, saveTag(db, session, body)),
  );
  implement(app, c.tagUpdate, { sign: EDIT, audit: '修改 AI 标签' }, ({ session, body }) =>
    changed(session, updateTag(db, session, body)),
  );
  implement(app, c.tagDelete, { sign: EDIT, audit: '删除 AI 标签' }, ({ session, body }) =>
    changed(session, deleteTag(db, session, body)),
  );
  implement(app, c.tagSetShow, { sign: EDIT, audit: '设置 AI 标签展示' }, ({ session, body }) =>
    changed(session, setTagsShown(db, session, body)),
  );

  // AI fields
  implement(app, c.fieldList, { sign: VIEW }, ({ session }) => svc.fields(session, false));
  implement(app, c.fieldSave, { sign: EDIT, audit: '新增 AI 字段' }, ({ session, body }) =>
    changed(session, saveField(db, session, body)),
  );
  implement(app, c.fieldUpdate, { sign: EDIT, audit: '修改 AI 字段' }, ({ session, body }) =>
    changed(session, updateField(db, session, body)),
  );
  implement(app, c.fieldDelete, { sign: EDIT, audit: '删除 AI 字段' }, ({ session, body }) =>
    changed(session, deleteField(db, session, body.id)),
  );

  // analysis models: administrators only (addresses of the organisation's model servers)
  implement(app, c.modelList, { sign: EDIT }, async ({ session }) => (await modelRows(db, session)).map(presentModel));
  // the operation log masks the key (apiKey is among the audit's secret keys)
  implement(app, c.modelSave, { sign: EDIT, audit: '新增分析模型' }, ({ session, body }) =>
    changed(session, saveModel(db, session, body)),
  );
  implement(app, c.modelUpdate, { sign: EDIT, audit: '修改分析模型' }, ({ session, body }) =>
    changed(session, updateModel(db, session, body)),
  );
  implement(app, c.modelDelete, { sign: EDIT, audit: '删除分析模型' }, ({ session, body }) =>
    changed(session, deleteModel(db, session, body.id)),
  );
  implement(app, c.modelTest, { sign: EDIT }, ({ session, body }) => testModel(db, session, body));

  // message push
  implement(app, c.getMsgPush, { sign: VIEW }, ({ session }) => svc.msgPush(session));
  implement(app, c.saveMsgPush, { sign: EDIT, audit: '修改 AI 消息推送' }, ({ session, body }) =>
    changed(session, svc.saveMsgPush(session, body)),
  );

  // AI open and the questionnaire
  implement(app, c.getAiOpen, {}, ({ session }) => aiOpenState(db, session));
  implement(app, c.setAiOpen, { sign: 'org:edit', audit: '设置 AI 开通' }, ({ session, body }) =>
    changed(session, setAiOpen(db, ctx.services, session, body.open)),
  );
  implement(app, c.getDemand, {}, ({ session }) => aiDemand(db, session));
  implement(app, c.saveDemand, { sign: 'org:edit', audit: '提交 AI 需求问卷' }, ({ session, body }) =>
    saveAiDemand(db, session, body),
  );
}
