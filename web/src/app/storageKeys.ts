/** The session and local storage keys of spec part 1 section 3. */
export const SessionKeys = {
  token: 'token',
  refreshToken: 'refreshToken',
  user: 'user',
  dataSign: 'dataSign',
  urole: 'urole',
  isbranch: 'isbranch',
  from: 'from',
  /** The /Detail state: previous path, the customer list, the index and the page (spec section 2). */
  detail: 'detailState',
  /** The filter of the lead list a detail was opened from (previous/next past the loaded page). */
  detailFilter: 'customerDetailFilter',
  /** Set when the version changed: /login clears the state and reloads. */
  isFailed: 'isFailed',
} as const;

export const LocalKeys = {
  paginationObj: 'paginationObj',
  sPath: 'S_PATH',
  lastFreshTime: 'lastFreshTime',
  previousPathDetail: 'previousPathDetail',
  currentEnv: 'currentEnv',
  sidebarCollapsed: 'sidebarCollapsed',
} as const;
