import type { TemplateData } from '../types';
import { education } from './education';
import { finance } from './finance';
import { homeImprovement } from './homeImprovement';
import { insurance } from './insurance';
import { property } from './property';
import { saas } from './saas';

/** The industry templates, in the order the page shows them. */
export const TEMPLATES: readonly TemplateData[] = [education, homeImprovement, finance, insurance, saas, property];
export const templateOf = (code: string) => TEMPLATES.find((t) => t.code === code);
