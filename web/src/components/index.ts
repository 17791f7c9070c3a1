export { AudioPlayer, PLAYBACK_RATES, playAs } from './AudioPlayer';
export { DateRangePicker } from './DateRangePicker';
export { fallback } from './Fallback';
export { MultiSelectAll } from './MultiSelectAll';
export { NumberInput } from './NumberInput';
export { default as Placeholder } from './Placeholder';
export { paginationLayout, rememberedPageSize, rememberPageSize, showTotal, usePagination } from './pagination';
export { SELECT_LIST_HEIGHT, SearchSelect, shouldSearch } from './SearchSelect';
export { usePagedQuery } from './usePagedQuery';
