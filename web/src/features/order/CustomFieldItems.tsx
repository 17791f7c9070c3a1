import { contract } from '@crm/core/contract';
import type { FieldDef } from '@crm/core/contract/clueField';
import { Form } from 'antd';
import { useCallQuery } from '../../api/hooks';
import { FieldInput } from '../lead/FieldInput';
import type { FieldOptions } from '../lead/fieldOptions';

/** Order and product fields hold no standard select or area: their options are their own. */
const OWN_OPTIONS: FieldOptions = { byField: {}, area: [], loading: false };

/** The organisation's order (type 1) or product (type 3) fields, as definitions. */
export const useOrderFields = (type: 1 | 3) =>
  useCallQuery(contract.clueField.orderFields.list, { type }, { staleTime: 60_000 }).data?.lists ?? [];

/** Form items of the custom fields, under `custom.<fieldName>`. */
export function CustomFieldItems({ type }: { type: 1 | 3 }) {
  const defs = useOrderFields(type).filter((d: FieldDef) => d.isShow !== 0);
  return (
    <>
      {defs.map((d) => (
        <Form.Item
          key={d.fieldName}
          name={['custom', d.fieldName]}
          label={d.fieldLabel}
          rules={d.isRequired ? [{ required: true, message: `请填写${d.fieldLabel}` }] : []}
        >
          <FieldInput def={d} opts={OWN_OPTIONS} />
        </Form.Item>
      ))}
    </>
  );
}

/** A custom value as text (lists, detail). */
export function customText(def: FieldDef, v: unknown): string {
  if (v === null || v === undefined || v === '') return '-';
  const labelOf = (x: unknown) => def.groupList.find((g) => g.fieldValue === String(x))?.fieldLabel ?? String(x);
  return Array.isArray(v) ? v.map(labelOf).join('、') : def.groupList.length ? labelOf(v) : String(v);
}
