import { describe, expect, it } from 'vitest';
import { activeTab } from './tabs';

describe('activeTab', () => {
  const tabs = [{ path: '/weComApp/analyse' }, { path: '/weComApp/message' }, { path: '/weComApp/user' }];

  it('is the tab of the path, of a path below it, and with a trailing slash', () => {
    expect(activeTab(tabs, '/weComApp/message')).toBe('/weComApp/message');
    expect(activeTab(tabs, '/weComApp/analyse/12')).toBe('/weComApp/analyse');
    expect(activeTab(tabs, '/weComApp/user/')).toBe('/weComApp/user');
  });

  it('is none for another path or a path that only starts alike', () => {
    expect(activeTab(tabs, '/weComApp/kanban')).toBeUndefined();
    expect(activeTab(tabs, '/weComApp/messages')).toBeUndefined();
  });
});
