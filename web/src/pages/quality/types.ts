import type { contract } from '@crm/core/contract';
import type { RowOf } from '../../api/hooks';

/** The rows of the quality tabs, as their calls answer them. */
export type WordList = RowOf<typeof contract.quality.prohibitionWordList>;
export type RegexRule = RowOf<typeof contract.quality.selectOrgRegex>;
export type Hit = RowOf<typeof contract.quality.callProhibitionPage>;
