import { describe, expect, it } from 'vitest';
import { SELECT_ALL as ALL, SELECT_NULL as NULL, nextSelection, selectionValues } from './multiSelectAll';

describe('multi-select with all', () => {
  const items = ['a', 'b', 'c'];
  it.each([
    ['choosing all selects everything', [], [ALL], [ALL, 'a', 'b', 'c']],
    ['deselecting all clears', [ALL, 'a', 'b', 'c'], ['a', 'b', 'c'], []],
    ['choosing -- clears the others', ['a', 'b'], ['a', 'b', NULL], [NULL]],
    ['choosing an item after -- drops --', [NULL], [NULL, 'a'], ['a']],
    ['selecting every item adds all', ['a', 'b'], ['a', 'b', 'c'], [ALL, 'a', 'b', 'c']],
    ['deselecting one item drops all', [ALL, 'a', 'b', 'c'], [ALL, 'a', 'c'], ['a', 'c']],
    ['plain selection', ['a'], ['a', 'b'], ['a', 'b']],
  ])('%s', (_, prev, next, out) => expect(nextSelection(prev, next, items)).toEqual(out));
  it('values sent leave out the all marker', () => expect(selectionValues([ALL, 'a', 'b'])).toEqual(['a', 'b']));
});
