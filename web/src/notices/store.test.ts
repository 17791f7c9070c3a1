import { describe, expect, it } from 'vitest';
import { versionChanged } from '../app/version';
import { playAs } from '../components/AudioPlayer';
import { shouldSearch } from '../components/SearchSelect';
import { decrement, hasClueInfo, POPUP, stackStyle } from './store';

describe('notification popups', () => {
  it('constants of spec section 9', () =>
    expect(POPUP).toEqual({
      width: 320,
      top: 88,
      right: 24,
      maxVisible: 3,
      offset: 15,
      scaleStep: 0.1,
      autoCloseMs: 5000,
      exitMs: 800,
    }));
  it.each([
    [0, 'translateY(0px) scale(1)', true, false],
    [1, 'translateY(15px) scale(0.9)', true, true],
    [2, 'translateY(30px) scale(0.8)', true, true],
    [3, 'translateY(45px) scale(0.7)', false, true],
  ])('level %s → %s (visible %s, content hidden %s)', (level, transform, visible, hidden) => {
    const s = stackStyle(level);
    expect([s.transform, s.visible, s.contentHidden]).toEqual([transform, visible, hidden]);
  });
  it.each([
    [5, 1, 4],
    [1, 3, 0],
    [0, 1, 0],
  ])('unread %s minus %s → %s (never below 0)', (c, n, out) => expect(decrement(c, n)).toBe(out));
  it('clue info decides auto-close', () => {
    expect(hasClueInfo({ param: { clueInfo: { clueId: 3 } } })).toBe(true);
    expect(hasClueInfo({ param: {} })).toBe(false);
  });
});

describe('widgets', () => {
  it.each([
    [5, false, false],
    [6, false, true],
    [0, true, true],
  ])('%s options (remote %s): search box %s', (n, remote, out) => expect(shouldSearch(n, remote)).toBe(out));
  it.each([
    ['a.wav', 'mp3'],
    ['a.PCM', 'mp3'],
    ['x/y.m4a?sig=1', 'mp3'],
    ['a.amr', 'mp3'],
    ['a.wma', 'mp3'],
    ['a.aac', 'mp3'],
    ['a.mov', 'mp4'],
    ['a.ogg', null],
  ])('%s plays as %s', (url, type) => expect(playAs(url)).toBe(type));
  it.each([
    [1, 1, false],
    [1, 2, true],
    ['3', 3, false],
    [null, 2, false],
  ])('stored version %s vs %s → changed %s', (a, b, out) => expect(versionChanged(a, b)).toBe(out));
});
