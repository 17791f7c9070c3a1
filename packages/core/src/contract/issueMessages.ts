import { z } from 'zod';
import { FIELD_LABELS } from './fieldLabels';

/**
 * Validation messages in Chinese for the issues whose schema wrote none: each names its field by the Chinese label
 * (部门), never by the key (deptId), and says no type names (string, undefined) and no English option values.
 */

/** The field an issue is about: the last key of its path, and the item of a list (第 2 项). */
export function fieldLabel(path: readonly PropertyKey[] = []): string {
  const key = path.findLast((p): p is string => typeof p === 'string');
  const label = (key && FIELD_LABELS[key]) || '参数';
  const last = path.at(-1);
  return typeof last === 'number' ? `${label}第 ${last + 1} 项` : label;
}

const isList = (origin: unknown) => origin === 'array' || origin === 'set';

export function issueMessage(iss: z.core.$ZodRawIssue): string {
  const label = fieldLabel(iss.path);
  switch (iss.code) {
    case 'invalid_type':
      return iss.input === undefined || iss.input === null ? `请填写${label}` : `${label}格式不正确`;
    case 'too_big': {
      const max = Number(iss.maximum);
      if (iss.origin === 'string') return `${label}最多 ${max} 个字`;
      if (isList(iss.origin)) return `${label}最多 ${max} 项`;
      if (iss.origin === 'file') return `${label}过大`;
      return iss.inclusive === false ? `${label}须小于 ${max}` : `${label}不能大于 ${max}`;
    }
    case 'too_small': {
      const min = Number(iss.minimum);
      if (iss.origin === 'string') return min <= 1 ? `请填写${label}` : `${label}至少 ${min} 个字`;
      if (isList(iss.origin)) return min <= 1 ? `请选择${label}` : `${label}至少 ${min} 项`;
      return iss.inclusive === false ? `${label}须大于 ${min}` : `${label}不能小于 ${min}`;
    }
    case 'not_multiple_of':
      return `${label}须为 ${Number(iss.divisor)} 的倍数`;
    case 'unrecognized_keys':
      return '请求中有无法识别的字段';
    case 'invalid_format':
      return `${label}格式不正确`;
    case 'invalid_value':
      return `${label}取值不正确`;
    default:
      return `${label}不正确`;
  }
}

/** Every schema's issues without a message of their own get the Chinese one. */
export function configureIssueMessages(): void {
  z.config({ customError: issueMessage });
}

// wherever the contract is used (the server, its command-line tools, the web), its messages are these
configureIssueMessages();
