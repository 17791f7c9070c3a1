/** The chart kit of the statistics and board screens (issue 17): ECharts holder, chart shapes, figures, filters. */
export { type ChartClick, type ChartOption, EChart } from './EChart';
export { Freshness } from './Freshness';
export { axisValue, formatValue, percentOf, type ValueKind } from './format';
export { barOption, funnelOption, lineOption, type NamedValue, pieOption, type Series } from './options';
export {
  STATS_PRESETS,
  StatsFilterBar,
  type StatsFilters,
  type StatsQuery,
  useScopeDepts,
  useScopeUsers,
  useStatsFilters,
} from './StatsFilterBar';
export { RESIZE_THROTTLE_MS, throttle } from './throttle';
