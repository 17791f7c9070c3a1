import { MAIN_ROUTES, MENU_GROUPS, type MenuGroupKey } from '@crm/core';
import { isUnrestricted } from './guard';

export interface MenuGroup {
  key: MenuGroupKey;
  title: string;
  items: { path: string; title: string }[];
}

/** Side-menu routes in order (route paths without /main). */
export const MENU_ORDER = MAIN_ROUTES.filter((r) => r.menu).map((r) => r.path);

/** The side menu of a user: the menu groups with the routes the permitted list allows. */
export function menuFor(routes: string[] | null | undefined): MenuGroup[] {
  const all = isUnrestricted(routes);
  const allowed = new Set(routes ?? []);
  return (Object.entries(MENU_GROUPS) as [MenuGroupKey, string][])
    .map(([key, title]) => ({
      key,
      title,
      items: MAIN_ROUTES.filter((r) => r.menu === key && (all || allowed.has(r.path))).map((r) => ({
        path: r.path,
        title: r.title,
      })),
    }))
    .filter((g) => g.items.length > 0);
}
