import { CallStatus, ClueType, CustomerStage, Gender, ImportWay, options } from '@crm/core';
import { areaOptions, toOptions, useAreaTree, useClueUsers, userOptions } from './data';
import { tagGroupOptions, useDictItems, useTagGroupList } from './settings';

export type Opt = { value: string | number; label: string };
export type GroupedOpt = { label: string; title: string; options: Opt[] };
type SelectOptions = (Opt | GroupedOpt)[];

export interface FieldOptions {
  /** Options of a standard select field by its fieldName. */
  byField: Record<string, SelectOptions>;
  area: ReturnType<typeof areaOptions>;
  loading: boolean;
}

/** Standard fields a user writes through the create/edit form (the others are set by the system). */
export const EDITABLE_STANDARD = new Set([
  'name',
  'phone',
  'phones',
  'company',
  'channelSourceId',
  'sign',
  'stage',
  'gender',
  'age',
  'birthday',
  'area',
  'address',
  'tagIds',
  'followStatusId',
  'followPhaseId',
  'lostReasonId',
  'remark',
  'nextFollowTime',
]);

/** Every option list the lead forms and filters need, loaded once and cached. */
export function useFieldOptions(): FieldOptions {
  const channel = useDictItems('channelSource');
  const status = useDictItems('followStatus');
  const phase = useDictItems('followPhase');
  const lost = useDictItems('lostReason');
  const tags = useTagGroupList();
  const users = useClueUsers();
  const area = useAreaTree();
  return {
    byField: {
      channelSourceId: toOptions(channel.data),
      followStatusId: toOptions(status.data),
      followPhaseId: toOptions(phase.data),
      lostReasonId: toOptions(lost.data),
      tagIds: tagGroupOptions(tags.data),
      ownerId: userOptions(users.data),
      stage: options(CustomerStage),
      gender: options(Gender),
      type: options(ClueType),
      callStatus: options(CallStatus),
      importWay: options(ImportWay),
      lockStatus: [
        { value: 0, label: '未锁定' },
        { value: 1, label: '已锁定' },
      ],
    },
    area: areaOptions(area.data),
    loading: channel.isLoading || status.isLoading || tags.isLoading || users.isLoading,
  };
}
