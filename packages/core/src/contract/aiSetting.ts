import { z } from 'zod';
import { IntentionLabel } from '../enums';
import { AiDemand, AiDemandAnswers, AiOpenSet, AiOpenState } from './aiSetting/demand';
import { AiModel, AiModelInput, AiModelTest, AiModelTestResult, AiModelUpdate } from './aiSetting/models';
import {
  HotWordChange,
  HotWords,
  IntentionNameValue,
  IntentionRules,
  IntentionRulesSave,
  MsgPushConfig,
  MsgPushSave,
  RiskConfig,
  RiskConfigSave,
} from './aiSetting/rules';
import {
  AiField,
  AiFieldInput,
  AiFieldUpdate,
  AiShowSet,
  AiShowSetSave,
  AiTag,
  AiTagDelete,
  AiTagFilter,
  AiTagGroup,
  AiTagGroupRow,
  AiTagSave,
  AiTagSetShow,
  AiTagUpdate,
} from './aiSetting/tags';
import { analysis, backend, CountAnswer, IdAnswer, robot } from './call';
import { idField, optionalText, pageOf } from './fields';

export * from './aiSetting/common';
export * from './aiSetting/demand';
export * from './aiSetting/models';
export * from './aiSetting/rules';
export * from './aiSetting/tags';

/**
 * AI 设置 (/main/aiSetting) and 开通 AI (/aiOpenPage): AI tags and groups, AI fields, which AI results show, risk
 * rules, intention rules, hot words, the analysis model, message push, AI open and the AI-demand questionnaire.
 * The analysis pipeline reads them all through the server's AiSettingService. The shapes are in ./aiSetting/, one
 * file per part of the settings page.
 */

// ---------- the calls ----------

export const aiSetting = {
  // analysis base (iframe host)
  tagGroupAndTag: analysis.get('/asr/V1/aiTagGroupAndAiTag', 'AI 标签组及其 AI 标签', {
    answer: z.array(AiTagGroup),
  }),
  orgFields: analysis.get('/asr/V1/getOrgAIFieldList', '机构启用的 AI 字段', { answer: z.array(AiField) }),
  getShowSet: analysis.post('/api/clue/getAiTagShowSet', 'AI 分析结果的展示设置', { answer: AiShowSet }),
  setShowSet: analysis.post('/api/clue/setAiTagShowSet', '保存 AI 分析结果的展示设置', {
    body: AiShowSetSave,
    answer: AiShowSet,
  }),
  getRiskConfig: analysis.post('/api/clue/getRiskDetailInConfig', '风险规则设置（阈值、违禁词、正则规则）', {
    answer: RiskConfig,
  }),
  saveRiskConfig: analysis.post('/api/clue/saveRiskConfig', '保存风险规则设置', {
    body: RiskConfigSave,
    answer: RiskConfig,
  }),

  // robot base
  intentionNameValues: robot.get('/intention/getApiNameValeList', '意向等级（名称与值）', {
    answer: z.array(IntentionNameValue),
  }),
  getIntentionRules: robot.post('/intention/getRules', '意向规则（各意向等级的话术）', { answer: IntentionRules }),
  saveIntentionRules: robot.post('/intention/saveRules', '保存意向规则', {
    body: IntentionRulesSave,
    answer: IntentionRules,
  }),
  hotWordList: robot.post('/hotWord/list', '热词列表（与语音识别热词同一份）', { answer: HotWords }),
  hotWordSave: robot.post('/hotWord/save', '添加热词', { body: HotWordChange, answer: HotWords }),
  hotWordDelete: robot.post('/hotWord/delete', '删除热词', { body: HotWordChange, answer: HotWords }),

  // backend base
  tagList: backend.post('/aiTagOrganization/list', 'AI 标签列表（及标签组）', {
    body: AiTagFilter,
    answer: pageOf(AiTag).extend({ groups: z.array(AiTagGroupRow) }),
  }),
  tagSave: backend.post('/aiTagOrganization/save', '新增 AI 标签或标签组', { body: AiTagSave, answer: IdAnswer }),
  tagUpdate: backend.post('/aiTagOrganization/update', '修改 AI 标签或标签组', { body: AiTagUpdate, answer: IdAnswer }),
  tagDelete: backend.post('/aiTagOrganization/delete', '删除 AI 标签或标签组', { body: AiTagDelete, answer: IdAnswer }),
  tagSetShow: backend.post('/aiTagOrganization/setShow', '设置 AI 标签是否展示', {
    body: AiTagSetShow,
    answer: CountAnswer,
  }),
  fieldList: backend.post('/aiField/list', 'AI 字段列表（含停用）', { answer: z.array(AiField) }),
  fieldSave: backend.post('/aiField/save', '新增 AI 字段', { body: AiFieldInput, answer: IdAnswer }),
  fieldUpdate: backend.post('/aiField/update', '修改 AI 字段', { body: AiFieldUpdate, answer: IdAnswer }),
  fieldDelete: backend.post('/aiField/delete', '删除 AI 字段', {
    body: z.object({ id: idField('AI 字段') }),
    answer: IdAnswer,
  }),
  modelList: backend.post('/aiModel/list', '分析模型列表', { answer: z.array(AiModel) }),
  modelSave: backend.post('/aiModel/save', '新增分析模型（OpenAI 兼容接口）', { body: AiModelInput, answer: IdAnswer }),
  modelUpdate: backend.post('/aiModel/update', '修改分析模型或设为启用', { body: AiModelUpdate, answer: IdAnswer }),
  modelDelete: backend.post('/aiModel/delete', '删除分析模型', {
    body: z.object({ id: idField('模型') }),
    answer: IdAnswer,
  }),
  modelTest: backend.post('/aiModel/test', '测试分析模型（发送一次探测请求）', {
    body: AiModelTest,
    answer: AiModelTestResult,
  }),
  getMsgPush: backend.post('/msgPush/get', 'AI 消息推送设置', { answer: MsgPushConfig }),
  saveMsgPush: backend.post('/msgPush/save', '保存 AI 消息推送设置', { body: MsgPushSave, answer: MsgPushConfig }),
  getAiOpen: backend.post('/organization/getAiOpen', '机构是否已开通 AI', { answer: AiOpenState }),
  setAiOpen: backend.post('/organization/setAiOpen', '开通 AI（已开通时不变）', {
    body: AiOpenSet,
    answer: AiOpenState,
  }),
  getDemand: backend.post('/collectAiDemand/getCollectAiDemandOptions', 'AI 需求问卷的选项与本机构的回答', {
    answer: AiDemand,
  }),
  saveDemand: backend.post('/collectAiDemand/saveCollectAiDemandOptions', '保存 AI 需求问卷', {
    body: z.object({ answers: AiDemandAnswers, remark: optionalText('其他需求', 500) }),
    answer: AiDemand,
  }),
};

/** The intention labels as name/value pairs, in label order. */
export const intentionNameValues = () =>
  Object.entries(IntentionLabel).map(([value, name]) => ({ name, value: Number(value) }));
