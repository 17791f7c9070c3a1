import { phoneProblem } from '@crm/core';
import { type CallInput, contract } from '@crm/core/contract';
import type { Clue } from '@crm/core/contract/clue';
import type { FieldDef } from '@crm/core/contract/clueField';
import { Col, Form, Modal, Row, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useCallMutation } from '../../api/hooks';
import { useUser } from '../../app/session';
import { LEAD_READS } from '../../features/lead/actions';
import { fieldOf } from '../../features/lead/columns';
import { validValues } from '../../features/lead/data';
import { FieldInput } from '../../features/lead/FieldInput';
import { EDITABLE_STANDARD, useFieldOptions } from '../../features/lead/fieldOptions';
import { useFieldList } from '../../features/lead/settings';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The value of a field in a lead (standard fields at the top, custom ones under custom). */
export function fieldValueOf(clue: Clue | null, def: FieldDef): unknown {
  if (!clue) return undefined;
  if (!def.isCustom) return fieldOf(clue, def.fieldName);
  return clue.custom?.[def.fieldName] ?? undefined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of the form: shown, not hidden from the role, and written by hand (standard ones) or custom. */
function formFields(defs: FieldDef[], creating: boolean): FieldDef[] {
  return defs.filter(
    (d) =>
      d.access > 0 &&
      d.isShow === 1 &&
      (d.isCustom === 1 ||
        EDITABLE_STANDARD.has(d.fieldName) ||
        (creating && ['ownerId', 'type'].includes(d.fieldName))),
  );
}

/** The server's check (phoneProblem of @crm/core); a masked number (shown with *, never sent) is not judged. */
const phoneRule = async (_: unknown, value: unknown) => {
  const text = typeof value === 'string' ? value : '';
  const problem = text.includes('*') ? null : phoneProblem(text);
  if (problem) throw new Error(problem);
};

function rulesOf(def: FieldDef) {
  const rules: object[] = [];
  if (def.isRequired) rules.push({ required: true, message: `${def.fieldLabel}不能为空` });
  if (def.fieldType === 9) rules.push({ validator: phoneRule });
  if (def.fieldType === 10) rules.push({ pattern: EMAIL_RE, message: `${def.fieldLabel}格式不正确` });
  return rules;
}

export interface ClueFormModalProps {
  open: boolean;
  /** The lead to edit; null to create. */
  clue: Clue | null;
  onClose: () => void;
  onSaved: (row: Clue) => void;
}

/**
 * Create or edit a lead. The form is built from the organisation's field definitions: every field type, required
 * marks, read-only fields of the role disabled, hidden ones left out, a masked phone shown masked and not sent.
 */
export function ClueFormModal({ open, clue, onClose, onSaved }: ClueFormModalProps) {
  const defs = useFieldList();
  const opts = useFieldOptions();
  const user = useUser();
  const [form] = Form.useForm();
  const creating = !clue;
  const add = useCallMutation(contract.clue.add, { success: '新建成功', invalidate: LEAD_READS, onSuccess: onSaved });
  const edit = useCallMutation(contract.clue.edit, { success: '保存成功', invalidate: LEAD_READS, onSuccess: onSaved });
  const fields = useMemo(() => formFields(defs.data ?? [], creating), [defs.data, creating]);
  const topics = useMemo(() => [...new Set(fields.map((f) => f.fieldTopic || '基本信息'))], [fields]);
  const initial = useMemo(() => {
    const v: Record<string, unknown> = {};
    for (const f of fields) v[f.fieldName] = fieldValueOf(clue, f);
    if (creating) {
      v.type ??= 1;
      v.ownerId ??= user?.userId;
    }
    return v;
  }, [fields, clue, creating, user?.userId]);

  // Filled once per opening; when the definitions refresh while the form is open (another tab added a field), only
  // the fields the user has not touched take their initial values, so nothing typed or ticked is lost.
  const filled = useRef(false);
  useEffect(() => {
    if (!open) {
      filled.current = false;
      return;
    }
    if (!defs.data) return;
    if (!filled.current) {
      form.resetFields();
      form.setFieldsValue(initial);
      filled.current = true;
      return;
    }
    form.setFieldsValue(Object.fromEntries(Object.entries(initial).filter(([k]) => !form.isFieldTouched(k))));
  }, [open, initial, form, defs.data]);

  const readOnly = (f: FieldDef) =>
    f.access === 1 ||
    (!creating && f.fieldName === 'phone' && !!clue?.phoneMasked) ||
    (f.fieldName === 'phones' && !!clue?.phoneMasked);

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    const body: Record<string, unknown> = {};
    const custom: Record<string, unknown> = {};
    for (const f of fields) {
      if (readOnly(f)) continue;
      const v = values[f.fieldName];
      if (!creating && same(v, initial[f.fieldName])) continue;
      const out = v === undefined || v === '' ? null : v;
      if (f.isCustom) custom[f.fieldName] = out;
      else if (f.fieldName === 'area') body.areaCodes = out ?? [];
      else if (['name', 'company', 'sign', 'address', 'remark'].includes(f.fieldName)) body[f.fieldName] = out ?? '';
      else if (f.fieldName === 'phones' || f.fieldName === 'tagIds') body[f.fieldName] = out ?? [];
      else if (f.fieldName === 'stage' || f.fieldName === 'type') {
        if (out !== null) body[f.fieldName] = out;
      } else body[f.fieldName] = out;
    }
    if (Object.keys(custom).length || creating) body.custom = custom;
    // the body holds the form's fields by name, each turned into the call's value above
    const input = body as CallInput<typeof contract.clue.add>;
    if (creating) add.mutate(input);
    else edit.mutate({ ...input, clueId: clue.id });
  };

  return (
    <Modal
      open={open}
      title={creating ? '新建客户' : `编辑客户：${clue?.name || clue?.phone}`}
      width={860}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={add.isPending || edit.isPending}
      okText="保存"
      destroyOnHidden
      styles={{ body: { maxHeight: '68vh', overflow: 'auto', paddingRight: 8 } }}
    >
      <Spin spinning={defs.isLoading}>
        <Form form={form} layout="vertical" data-testid="clue-form">
          {topics.map((topic) => (
            <div key={topic}>
              <Typography.Title level={5} style={{ marginTop: 4 }}>
                {topic}
              </Typography.Title>
              <Row gutter={16}>
                {fields
                  .filter((f) => (f.fieldTopic || '基本信息') === topic)
                  .map((f) => (
                    <Col span={f.fieldType === 2 ? 24 : 12} key={f.fieldName}>
                      <Form.Item
                        name={f.fieldName}
                        label={f.fieldLabel}
                        rules={readOnly(f) ? [] : rulesOf(f)}
                        tooltip={f.access === 1 ? '当前角色对该字段只读' : undefined}
                      >
                        <FieldInput def={f} opts={opts} disabled={readOnly(f)} />
                      </Form.Item>
                    </Col>
                  ))}
              </Row>
            </div>
          ))}
        </Form>
      </Spin>
    </Modal>
  );
}
