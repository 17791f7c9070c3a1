import type { Module } from '../platform/context';
import { accountModule } from './account';
import { aiSettingModule } from './aiSetting';
import { analysisModule } from './analysis';
import { asrModule } from './asr';
import { assignModule } from './assign';
import { assistantModule } from './assistant';
import { billingModule } from './billing';
import { boardsModule } from './boards';
import { clueModule } from './clue';
import { clueFieldModule } from './clueField';
import { clueImportModule } from './clueImport';
import { conversationModule } from './conversation';
import { costCenterModule } from './costCenter';
import { feedbackModule } from './feedback';
import { guidanceModule } from './guidance';
import { insightModule } from './insight';
import { knowledgeModule } from './knowledge';
import { mergeModule } from './merge';
import { noticeModule } from './notice';
import { openApiModule } from './openapi';
import { operationLogModule } from './operationLog';
import { operatorModule } from './operator';
import { orderModule } from './order';
import { orgModule } from './org';
import { practiceModule } from './practice';
import { publicSeaModule } from './publicSea';
import { qualityModule } from './quality';
import { qualityReviewModule } from './qualityReview';
import { recordingModule } from './recording';
import { retrievalModule } from './retrieval';
import { statsModule } from './stats';
import { telephonyModule } from './telephony';
import { trackingModule } from './tracking';
import { trainingModule } from './training';
import { uploadModule } from './upload';
import { wecomModule } from './wecom';

/** Every domain module, in setup order (a module may use the services of those before it). */
export const modules: Module[] = [
  accountModule,
  operatorModule,
  orgModule,
  costCenterModule,
  noticeModule,
  feedbackModule,
  operationLogModule,
  recordingModule,
  asrModule,
  aiSettingModule,
  clueFieldModule,
  clueModule,
  assignModule,
  clueImportModule,
  publicSeaModule,
  mergeModule,
  retrievalModule,
  analysisModule,
  qualityModule,
  qualityReviewModule,
  insightModule,
  assistantModule,
  telephonyModule,
  trackingModule,
  uploadModule,
  billingModule,
  orderModule,
  statsModule,
  boardsModule,
  wecomModule,
  knowledgeModule,
  trainingModule,
  practiceModule,
  guidanceModule,
  openApiModule,
  conversationModule,
];
