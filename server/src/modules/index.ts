import type { Module } from '../platform/context';
import { accountModule } from './account';
import { aiSettingModule } from './aiSetting';
import { analysisModule } from './analysis';
import { asrModule } from './asr';
import { clueModule } from './clue';
import { clueFieldModule } from './clueField';
import { clueImportModule } from './clueImport';
import { costCenterModule } from './costCenter';
import { feedbackModule } from './feedback';
import { noticeModule } from './notice';
import { operationLogModule } from './operationLog';
import { orgModule } from './org';
import { qualityModule } from './quality';
import { qualityReviewModule } from './qualityReview';
import { recordingModule } from './recording';
import { telephonyModule } from './telephony';
import { trackingModule } from './tracking';
import { uploadModule } from './upload';

/** Every domain module, in setup order (a module may use the services of those before it). */
export const modules: Module[] = [
  accountModule,
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
  clueImportModule,
  analysisModule,
  qualityModule,
  qualityReviewModule,
  telephonyModule,
  trackingModule,
  uploadModule,
];
