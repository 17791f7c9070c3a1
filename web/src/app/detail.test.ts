import { beforeEach, describe, expect, it } from 'vitest';

class MemoryStorage {
  private m = new Map<string, string>();
  getItem(k: string) {
    return this.m.has(k) ? this.m.get(k)! : null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, String(v));
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  clear() {
    this.m.clear();
  }
}
const location = { pathname: '/main/customerManage', search: '?tab=1' };
Object.assign(globalThis, {
  sessionStorage: new MemoryStorage(),
  localStorage: new MemoryStorage(),
  window: { location },
});

const { installNavigator, navigateTo } = await import('./navigation');
const detail = await import('./detail');

const visits: string[] = [];
installNavigator((to) => {
  visits.push(to);
  const [path, search = ''] = to.split('?');
  location.pathname = path;
  location.search = search ? `?${search}` : '';
});

beforeEach(() => {
  visits.length = 0;
  location.pathname = '/main/customerManage';
  location.search = '?tab=1';
  sessionStorage.clear();
  localStorage.clear();
});

describe('customer detail drawer (spec section 2)', () => {
  it('from a list: saves previous path, list, index and page in session storage and goes to /Detail', () => {
    detail.openCustomerDetail({ clueId: 7, list: [5, 7, 9], index: 1, pageNum: 3 });
    expect(visits).toEqual(['/main/Detail']);
    expect(JSON.parse(sessionStorage.getItem('detailState')!)).toEqual({
      clueId: 7,
      list: [5, 7, 9],
      index: 1,
      pageNum: 3,
      prevPath: '/main/customerManage?tab=1',
      pageCode: 'aikhgl',
    });
    expect(localStorage.getItem('previousPathDetail')).toBe('/main/customerManage?tab=1');
  });

  it('already on /Detail: updates the customer and page without navigating', () => {
    detail.openCustomerDetail({ clueId: 7, list: [5, 7, 9], index: 1 });
    visits.length = 0;
    detail.openCustomerDetail({ clueId: 9, index: 2 });
    expect(visits).toEqual([]);
    expect(detail.getDetailState()).toMatchObject({
      clueId: 9,
      index: 2,
      list: [5, 7, 9],
      pageCode: 'aikhgl',
      prevPath: '/main/customerManage?tab=1',
    });
  });

  it('closing returns to the list and clears the state', () => {
    detail.openCustomerDetail({ clueId: 7 });
    detail.closeCustomerDetail();
    expect(visits.at(-1)).toBe('/main/customerManage?tab=1');
    expect(sessionStorage.getItem('detailState')).toBeNull();
  });

  it('pushing the route already shown is a no-op, not an error', () => {
    expect(() => navigateTo('/main/customerManage?tab=1')).not.toThrow();
    expect(visits).toEqual([]);
  });
});
