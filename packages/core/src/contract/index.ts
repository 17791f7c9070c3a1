/**
 * The API contract: every call's path, request and answer, by domain (one file each), shared by the server and the
 * web. `contract.<domain>.<call>` is what a route implements and what the web calls.
 */
import { account } from './account';
import { acquisition } from './acquisition';
import { aiSetting } from './aiSetting';
import { analysis } from './analysis';
import { asr } from './asr';
import { assistant } from './assistant';
import { autoAssign } from './autoAssign';
import { billing, certification, vendorOrders } from './billing';
import {
  aiBossBulletinBoardCluster,
  aiBossStatis,
  boardPages,
  customBoard,
  dealBoardSetting,
  dealManager,
  marketBoard,
} from './boards';
import { clue } from './clue';
import { clueField } from './clueField';
import { clueImport } from './clueImport';
import { assistantCalls, msgCalls, weixin, wxcustomer, wxuser } from './conversation';
import { costCenter } from './costCenter';
import { depts, positions } from './depts';
import { feedback } from './feedback';
import { aiGuidance, guidanceCostCenter } from './guidance';
import { industryTemplate } from './industryTemplate';
import { insight } from './insight';
import { interaction } from './interaction';
import { knowledge } from './knowledge';
import { clueDuplicate, mergeCustomer } from './merge';
import { notice } from './notice';
import { openApiCalls, openApiKeys } from './openApi';
import { operationLog } from './operationLog';
import { operator } from './operator';
import { order, product } from './order';
import { organization, orgSettings } from './organization';
import { chatScript, chatScriptTrainingSession } from './practice';
import { leadLog, organizationPublicsea, publicSeaPool } from './publicSea';
import { quality } from './quality';
import { qualityCheck } from './qualityCheck';
import { qualityReview } from './qualityReview';
import { recording } from './recording';
import { customerRetrieval } from './retrieval';
import { menus, roles } from './roles';
import { sop } from './sop';
import { reportStatistics, stats, statsOverview } from './stats';
import { telephony } from './telephony';
import { tracking } from './tracking';
import { training } from './training';
import { upload } from './upload';
import { users } from './users';
import { wechatCustomer, wechatUser, wecomAuth, wecomCalls } from './wecom';
import { wecomSidebar } from './wecomSidebar';

export * from './call';
export * from './fieldLabels';
export * from './fields';
export * from './issueMessages';
export * from './push';
export * from './shapes';

export const contract = {
  clue,
  interaction,
  clueImport,
  clueField,
  feedback,
  training,
  users,
  roles,
  menus,
  depts,
  positions,
  organization,
  orgSettings,
  account,
  notice,
  tracking,
  upload,
  recording,
  asr,
  operationLog,
  costCenter,
  analysis,
  aiSetting,
  quality,
  qualityReview,
  sop,
  qualityCheck,
  insight,
  billing,
  operator,
  openApiKeys,
  openApiCalls,
  vendorOrders,
  certification,
  acquisition,
  order,
  product,
  stats,
  statsOverview,
  reportStatistics,
  publicSeaPool,
  organizationPublicsea,
  leadLog,
  autoAssign,
  mergeCustomer,
  clueDuplicate,
  customerRetrieval,
  telephony,
  dealBoardSetting,
  dealManager,
  boardPages,
  marketBoard,
  aiBossStatis,
  aiBossBulletinBoardCluster,
  customBoard,
  wecom: wecomCalls,
  wechatUser,
  wechatCustomer,
  wecomAuth,
  wecomSidebar,
  assistant,
  knowledge,
  industryTemplate,
  chatScript,
  chatScriptTrainingSession,
  aiGuidance,
  guidanceCostCenter,
  msg: msgCalls,
  weixin,
  wxuser,
  wxcustomer,
  wechatAssistant: assistantCalls,
};
