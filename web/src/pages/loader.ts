import type { ComponentType } from 'react';

/**
 * How an area's index.ts (web/src/pages/<area>/index.ts) names the page of a route: a dynamic import, one chunk per
 * route. Here, below the pages, so that a page area never imports the app's composition (app/pages.ts collects them).
 */
export type PageLoader = () => Promise<{ default: ComponentType }>;
