import { Select } from 'antd';

/** A list filter of two states coded 1 and 2 (已绑定 / 未绑定, 已关联线索 / 未关联线索 …), cleared to mean both. */
export function TwoStateSelect({
  placeholder,
  one,
  two,
  value,
  onChange,
}: {
  placeholder: string;
  one: string;
  two: string;
  value: number | undefined;
  onChange: (v: number | undefined) => void;
}) {
  return (
    <Select
      allowClear
      placeholder={placeholder}
      style={{ width: 120 }}
      value={value}
      onChange={onChange}
      options={[
        { value: 1, label: one },
        { value: 2, label: two },
      ]}
    />
  );
}
