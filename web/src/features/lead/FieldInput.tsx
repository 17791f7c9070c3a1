import type { FieldDef } from '@crm/core/contract/clueField';
import { Cascader, Checkbox, DatePicker, Input, Radio, Select } from 'antd';
import dayjs from 'dayjs';
import { NumberInput } from '../../components/NumberInput';
import { SELECT_LIST_HEIGHT } from '../../components/SearchSelect';
import { cascadeOptions } from './data';
import type { FieldOptions } from './fieldOptions';

export interface FieldInputProps {
  def: FieldDef;
  value?: unknown;
  onChange?: (v: unknown) => void;
  disabled?: boolean;
  opts: FieldOptions;
}

/**
 * The input of one field, by its type (fieldType 1 text, 2 textarea, 3 number, 4 date, 5 datetime, 6 single, 7
 * multiple, 8 cascade, 9 phone, 10 email) and showType (radio buttons, checkboxes). Standard select fields take
 * their options from the organisation's settings.
 */
export function FieldInput({ def, value, onChange, disabled, opts }: FieldInputProps) {
  const std = opts.byField[def.fieldName];
  const common = { disabled, 'data-field': def.fieldName } as const;
  if (def.fieldName === 'area')
    return (
      <Cascader
        {...common}
        options={opts.area}
        value={value as string[]}
        onChange={(v) => onChange?.(v ?? [])}
        changeOnSelect
        showSearch
        placeholder="请选择省/市/区"
      />
    );
  if (def.fieldName === 'phones')
    return (
      <Select
        {...common}
        mode="tags"
        open={false}
        value={value as string[]}
        onChange={onChange}
        tokenSeparators={[',', '，', ' ']}
        placeholder="输入号码后回车，可填多个"
      />
    );
  if (std) {
    const multiple = def.fieldName === 'tagIds';
    return (
      <Select
        {...common}
        mode={multiple ? 'multiple' : undefined}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        listHeight={SELECT_LIST_HEIGHT}
        options={std}
        value={value as never}
        onChange={onChange}
        placeholder="请选择"
      />
    );
  }
  const groups = def.groupList.map((o) => ({ value: o.fieldValue, label: o.fieldLabel }));
  switch (def.fieldType) {
    case 2:
      return (
        <Input.TextArea
          {...common}
          rows={3}
          maxLength={def.rules.maxLength ?? 2000}
          value={(value as string) ?? ''}
          onChange={(e) => onChange?.(e.target.value)}
        />
      );
    case 3:
      return (
        <NumberInput
          {...common}
          value={(value as number) ?? null}
          onChange={onChange}
          min={def.rules.min}
          max={def.rules.max}
          decimals={def.rules.decimals ?? 2}
        />
      );
    case 4:
    case 5: {
      const fmt = def.fieldType === 4 ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss';
      return (
        <DatePicker
          {...common}
          style={{ width: '100%' }}
          showTime={def.fieldType === 5}
          format={fmt}
          value={value ? dayjs(String(value)) : null}
          onChange={(d) => onChange?.(d ? d.format(fmt) : null)}
        />
      );
    }
    case 6:
      return def.showType === 4 ? (
        <Radio.Group {...common} options={groups} value={value} onChange={(e) => onChange?.(e.target.value)} />
      ) : (
        <Select
          {...common}
          allowClear
          listHeight={SELECT_LIST_HEIGHT}
          showSearch={groups.length > 5 ? { optionFilterProp: 'label' } : false}
          options={groups}
          value={value as string}
          onChange={onChange}
          placeholder="请选择"
        />
      );
    case 7:
      return def.showType === 5 ? (
        <Checkbox.Group {...common} options={groups} value={(value as string[]) ?? []} onChange={onChange} />
      ) : (
        <Select
          {...common}
          mode="multiple"
          allowClear
          listHeight={SELECT_LIST_HEIGHT}
          options={groups}
          value={(value as string[]) ?? []}
          onChange={onChange}
          placeholder="请选择"
        />
      );
    case 8:
      return (
        <Cascader
          {...common}
          options={cascadeOptions(def.cascadeData)}
          value={value as string[]}
          onChange={(v) => onChange?.(v ?? [])}
          placeholder="请选择"
        />
      );
    default:
      return (
        <Input
          {...common}
          allowClear
          maxLength={def.rules.maxLength ?? (def.fieldType === 9 ? 20 : 200)}
          value={(value as string) ?? ''}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder={def.fieldType === 9 ? '请输入手机号' : def.fieldType === 10 ? '请输入邮箱' : '请输入'}
        />
      );
  }
}
