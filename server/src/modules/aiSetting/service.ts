import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import type { AiTagSpeaker } from '@crm/core/contract/aiSetting';
import { DEFAULT_RULES } from '../../lib/analyser/defaults';
import type { AnalysisRules } from '../../lib/analyser/types';
import type { AppContext } from '../../platform/context';
import type { LlmClient } from '../../platform/llm';
import type { Scope } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { OrgCache } from '../../platform/versions';
import { fieldRows, presentField } from './fields';
import { applyIntentionPhrases, intentionRules, mergeIntentionPhrases } from './intention';
import { clientOf, type ModelRow, modelRows } from './models';
import { type MsgPushItem, mergeMsgPush, msgPushItems, presentMsgPush } from './msgPush';
import { applyRisk, mergeRisk, riskConfig } from './risk';
import { orgScope, patchSetting, type SettingRow, settingRow } from './settingRow';
import { mergeShowSet, presentShowSet, type ShowSet, showMap } from './showSet';
import { allTags } from './tags';

export type { MsgPushItem, ShowSet };

type Calls = typeof contract.aiSetting;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;

/** The active LLM of an organisation, as the analysis pipeline uses it. */
export interface OrgLlm {
  client: LlmClient;
  name: string;
  model: string;
}

/** Everything the pipeline reads of one organisation's settings, loaded together and kept a few seconds. */
interface Snapshot {
  open: boolean;
  rules: AnalysisRules;
  msgPush: MsgPushItem[];
  model: ModelRow;
  showSet: ShowSet;
}

/** How often a process checks the shared version stamp of an organisation's settings before using its copy. */
export const SETTINGS_CACHE_MS = 1_000;

/**
 * The AI settings as other modules use them (`ctx.services.aiSetting`): whether AI is open, the analyser's rules
 * (DEFAULT_RULES merged with the organisation's settings and hot words), message push, the LLM, what shows. Reads are
 * cached per organisation in memory under a shared version stamp (platform/versions.ts); every save through this
 * module raises it (`forget`): this process reloads at once, every other process within SETTINGS_CACHE_MS.
 */
export class AiSettingService {
  private readonly cache: OrgCache<Snapshot>;
  /** Clients by model id and version, so that what a client learnt of its server (JSON mode) is kept. */
  private readonly clients = new Map<string, LlmClient>();

  constructor(
    private readonly ctx: AppContext,
    readonly defaults: AnalysisRules = DEFAULT_RULES,
    cacheMs = SETTINGS_CACHE_MS,
  ) {
    this.cache = new OrgCache(ctx.db, 'ai-setting', (orgId) => this.load(orgId), cacheMs);
  }

  private get db() {
    return this.ctx.db;
  }

  // ---------- what the analysis pipeline reads ----------

  async isOpen(orgId: number): Promise<boolean> {
    return (await this.snapshot(orgId)).open;
  }

  async rulesFor(orgId: number): Promise<AnalysisRules> {
    return (await this.snapshot(orgId)).rules;
  }

  async msgPushFor(orgId: number): Promise<MsgPushItem[]> {
    return (await this.snapshot(orgId)).msgPush;
  }

  /** The organisation's LLM, or null when the active model is the built-in analyser. */
  async llmFor(orgId: number): Promise<OrgLlm | null> {
    const { model } = await this.snapshot(orgId);
    if (model.kind !== 'openai' || !model.baseUrl || !model.model) return null;
    const key = `${model.id}:${model.updatedAt.getTime()}`;
    let client = this.clients.get(key);
    if (!client) {
      client = clientOf(model);
      this.clients.set(key, client);
    }
    return { client, name: model.name, model: model.model };
  }

  async showSet(orgId: number): Promise<ShowSet> {
    return (await this.snapshot(orgId)).showSet;
  }

  /** Drops the organisation's cached settings in every process: called after every save. */
  async forget(orgId: number): Promise<void> {
    if (this.clients.size > 200) this.clients.clear();
    await this.cache.changed(orgId);
  }

  private snapshot(orgId: number): Promise<Snapshot> {
    return this.cache.get(orgId);
  }

  private async load(orgId: number): Promise<Snapshot> {
    const s = orgScope(orgId);
    const [row, tags, fields, models, hot] = await Promise.all([
      settingRow(this.db, s),
      allTags(this.db, s),
      fieldRows(this.db, s, this.defaults.fields),
      modelRows(this.db, s),
      this.ctx.services.asr?.hotWordsOf(orgId) ?? Promise.resolve([]),
    ]);
    const d = this.defaults;
    const rules: AnalysisRules = {
      ...d,
      ...applyRisk(d, row?.risk ?? {}),
      hotWords: [...new Set([...d.hotWords, ...hot])],
      customTags: [
        ...d.customTags,
        ...tags.map((t) => ({ id: t.id, name: t.name, keywords: t.keywords, speaker: t.speaker as AiTagSpeaker })),
      ],
      intentionPhrases: applyIntentionPhrases(d.intentionPhrases, row?.intentionPhrases ?? {}),
      fields: fields
        .filter((f) => f.enabled)
        .map((f) => ({ key: f.key, name: f.name, description: f.description ?? undefined, hints: f.hints })),
    };
    return {
      open: row?.aiOpen ?? false,
      rules,
      msgPush: msgPushItems(row?.msgPush ?? {}),
      model: models.find((m) => m.active) ?? models[0],
      showSet: {
        show: showMap(row?.showSet ?? {}),
        hiddenTagIds: tags.filter((t) => !t.show).map((t) => t.id),
      },
    };
  }

  // ---------- the settings calls that need the defaults ----------

  async riskConfig(s: Scope): Promise<Answer<'getRiskConfig'>> {
    return riskConfig(this.defaults, (await settingRow(this.db, s))?.risk ?? {});
  }

  async saveRiskConfig(s: Session, input: Body<'saveRiskConfig'>): Promise<Answer<'saveRiskConfig'>> {
    const stored = (await settingRow(this.db, s))?.risk ?? {};
    const row = await patchSetting(this.db, s, { risk: mergeRisk(this.defaults, stored, input) });
    return riskConfig(this.defaults, row.risk);
  }

  async intentionRules(s: Scope): Promise<Answer<'getIntentionRules'>> {
    return intentionRules(this.defaults.intentionPhrases, (await settingRow(this.db, s))?.intentionPhrases ?? {});
  }

  async saveIntentionRules(s: Session, input: Body<'saveIntentionRules'>): Promise<Answer<'saveIntentionRules'>> {
    const stored = (await settingRow(this.db, s))?.intentionPhrases ?? {};
    const row = await patchSetting(this.db, s, { intentionPhrases: mergeIntentionPhrases(stored, input) });
    return intentionRules(this.defaults.intentionPhrases, row.intentionPhrases);
  }

  async fields(s: Scope, enabledOnly: boolean): Promise<Answer<'fieldList'>> {
    const rows = await fieldRows(this.db, s, this.defaults.fields);
    return rows.filter((f) => !enabledOnly || f.enabled).map(presentField);
  }

  async msgPush(s: Scope): Promise<Answer<'getMsgPush'>> {
    return presentMsgPush(await this.stored(s, 'msgPush'));
  }

  async saveMsgPush(s: Session, input: Body<'saveMsgPush'>): Promise<Answer<'saveMsgPush'>> {
    const row = await patchSetting(this.db, s, { msgPush: mergeMsgPush(await this.stored(s, 'msgPush'), input) });
    return presentMsgPush(row.msgPush);
  }

  async showSetOf(s: Scope): Promise<Answer<'getShowSet'>> {
    return presentShowSet(await this.stored(s, 'showSet'));
  }

  async saveShowSet(s: Session, input: Body<'setShowSet'>): Promise<Answer<'setShowSet'>> {
    const row = await patchSetting(this.db, s, { showSet: mergeShowSet(await this.stored(s, 'showSet'), input) });
    return presentShowSet(row.showSet);
  }

  private async stored<K extends 'msgPush' | 'showSet'>(s: Scope, key: K): Promise<SettingRow[K]> {
    return (await settingRow(this.db, s))?.[key] ?? ({} as SettingRow[K]);
  }
}
