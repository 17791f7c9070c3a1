import type { Module } from '../../platform/context';
import { clueFieldRoutes } from './routes';
import { ClueFieldService } from './service';

/**
 * Business field settings (/serviceSetup): custom field definitions, dictionaries, tags, duplicate rules, field access
 * and masking per role, a user's list columns. One file per section (customFields, dictionaries, tags, duplicateRules,
 * fieldAccess, columns); routes.ts serves contract.clueField; service.ts is what the lead and import modules read.
 */
declare module '../../platform/context' {
  interface Services {
    clueField: ClueFieldService;
  }
}

export const clueFieldModule: Module = {
  name: 'clueField',
  setup(ctx) {
    ctx.services.clueField = new ClueFieldService(ctx.db);
    clueFieldRoutes(ctx);
  },
  async seed(ctx, demo) {
    for (const org of demo) await ctx.services.clueField.seedDefaults(org.orgId);
  },
};

export { fieldRows } from './customFields';
export { checkDictId, dictRows } from './dictionaries';
export type { FieldDef } from './fields';
export {
  customValueText,
  FieldError,
  FieldType,
  isEmpty,
  isPhone,
  maskPhone,
  parseFieldValue,
  STANDARD_BY_NAME,
  STANDARD_FIELDS,
  validateCustomValues,
} from './fields';
export type { ClueFieldService, FieldAccess } from './service';
