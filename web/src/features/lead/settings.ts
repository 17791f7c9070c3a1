import type { Call, CallAnswer, CallInput } from '@crm/core/contract';
import { contract } from '@crm/core/contract';
import type { DictKindName, TagGroup } from '@crm/core/contract/clueField';
import { type MutationOptions, useCallMutation, useCallQuery } from '../../api/hooks';
import { useInvalidateClueSettings } from './data';

/**
 * The business settings (contract.clueField) as /serviceSetup and the lead forms read them, and the one way the
 * settings tabs write them: a change makes every settings list stale, here and in the lead pages.
 */

const c = contract.clueField;

/** The lead form's fields (standard and custom), as the session's role may see them. */
export const useFieldList = () => useCallQuery(c.fields.list, undefined);

/** One dictionary's items; `onlyEnabled` (the default) for the lists a user picks from. */
export const useDictItems = (kind: DictKindName, onlyEnabled = true) =>
  useCallQuery(c.dicts[kind].list, { onlyEnabled });

/** Tag groups with their tags. */
export const useTagGroupList = () => useCallQuery(c.tagGroups.list, undefined);

/** Grouped select options of the tags. */
export const tagGroupOptions = (groups: TagGroup[] | undefined) =>
  (groups ?? []).map((g) => ({
    label: g.groupName,
    title: g.groupName,
    options: g.tagList.map((t) => ({ value: t.id, label: t.tagName })),
  }));

/** Every settings read a change in /serviceSetup makes stale. */
const SETTINGS_READS: Call[] = [
  c.fields.list,
  c.tagGroups.list,
  c.repeatRules.get,
  c.fieldAccess.get,
  c.mask.get,
  ...Object.values(c.dicts).map((d) => d.list),
];

/**
 * A write of the settings tabs: `useCallMutation` that refreshes every settings list afterwards, the lead pages'
 * (customer/data.ts, which reads them by its own keys) included.
 */
export function useSettingsMutation<C extends Call>(call: C, opts: Omit<MutationOptions<C>, 'invalidate'> = {}) {
  const invalidateLeadPages = useInvalidateClueSettings();
  return useCallMutation(call, {
    ...opts,
    invalidate: SETTINGS_READS,
    onSuccess: (answer: CallAnswer<C>, input: CallInput<C>) => {
      void invalidateLeadPages();
      opts.onSuccess?.(answer, input);
    },
  });
}
