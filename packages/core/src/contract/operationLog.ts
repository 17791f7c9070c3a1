import { z } from 'zod';
import { backend } from './call';
import { dateTimeField, keywordField, optionalId, pageOf, pageQuery } from './fields';

/**
 * Operation log (/OperationLog page), under /api/backend: every audited write of the organisation. The spec names the
 * page only; the calls are named here.
 */

const filter = {
  userId: optionalId('操作人'),
  /** Matched against the action label and the path. */
  keyword: keywordField,
  startTime: dateTimeField,
  endTime: dateTimeField,
};
export const OperationLogFilter = z.object(filter);
export type OperationLogFilter = z.infer<typeof OperationLogFilter>;

/** One audited write: who, what (the request, secrets masked), when. */
export const OperationLog = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  username: z.string().nullable(),
  realName: z.string().nullable(),
  /** The route's label, e.g. '新增岗位'. */
  action: z.string(),
  path: z.string(),
  /** What the request did, in Chinese: its call's summary in the contract (the action when the contract has none). */
  pathName: z.string(),
  ip: z.string().nullable(),
  /** `{ query, body }` of the request. */
  detail: z.unknown(),
  /** The id of the row written, when the answer named one. */
  result: z.string().nullable(),
  createdAt: z.string().nullable(),
});

export const operationLog = {
  list: backend.post('/operationLog/list', '操作日志', {
    body: z.object({ ...pageQuery, ...filter }),
    answer: pageOf(OperationLog),
  }),
  /** The filtered log as 操作日志_<time>.xlsx. */
  export: backend.post('/operationLog/export', '导出操作日志（.xlsx）', { body: OperationLogFilter }),
};
