import { describe, expect, it } from 'vitest';
import { addressWithoutToken, isH5Path } from './address';

describe('addressWithoutToken', () => {
  it('drops the token and keeps the rest of the query and the hash', () => {
    expect(addressWithoutToken('/analysisH5/call', '?token=abc&recordId=7', '#x')).toBe(
      '/analysisH5/call?recordId=7#x',
    );
    expect(addressWithoutToken('/dashboardH5', '?token=abc')).toBe('/dashboardH5');
  });

  it('is null when the address has no token', () => {
    expect(addressWithoutToken('/dashboardH5', '?recordId=7')).toBeNull();
  });
});

describe('isH5Path', () => {
  it('is the paths ending in H5 and the pages below them', () => {
    expect(isH5Path('/dashboardH5')).toBe(true);
    expect(isH5Path('/analysisH5/edit')).toBe(true);
    expect(isH5Path('/main/dashboard')).toBe(false);
    expect(isH5Path('/weComApp/analyse')).toBe(false);
  });
});
