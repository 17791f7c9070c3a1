/** /baseKnowledgeInfo, /aiKnowledge, /knowledgeFeedback: the calls of contract.knowledge. */

import type { FunctionSign } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { implement } from '../../platform/http';
import { readMultipart } from '../../platform/multipart';
import type { QuestionService } from './questions';
import { type EntryService, FILE_LIMIT_BYTES } from './service';

const use = { sign: ['knowledge:view', 'knowledge:edit'] as FunctionSign[] };

export function knowledgeRoutes(ctx: AppContext, entries: EntryService, questions: QuestionService): void {
  const { app } = ctx;
  const c = contract.knowledge;
  implement(app, c.list, use, ({ session, body }) => entries.list(session, body));
  implement(app, c.save, { ...use, audit: '新增知识' }, ({ session, body }) => entries.create(session, body));
  implement(app, c.update, { ...use, audit: '修改知识' }, ({ session, body }) => entries.update(session, body));
  implement(app, c.delete, { ...use, audit: '删除知识' }, ({ session, body }) => entries.remove(session, body.id));
  implement(app, c.detail, use, ({ session, body }) => entries.detail(session, body.id));
  implement(
    app,
    c.upload,
    { ...use, audit: '上传知识文档', bodyLimit: FILE_LIMIT_BYTES + 1024 * 1024 },
    async ({ session, req }) => {
      const { files, fields } = await readMultipart(
        req,
        {
          maxBytes: FILE_LIMIT_BYTES,
          maxFiles: 2,
          notMultipart: 'file：请以 multipart/form-data 上传文档',
          tooMany: 'file：一次只能上传一个文档',
          tooLarge: 'file：文档不能超过 20 MB',
        },
        async (part, fileName) => ({ fileName, data: await part.toBuffer() }),
      );
      if (files.length > 1) throw badRequest('file：一次只能上传一个文档');
      if (!files[0]) throw badRequest('file：请选择要上传的文档');
      return entries.upload(session, Number(fields.base ?? 1), files[0].fileName, files[0].data);
    },
  );
  implement(app, c.search, use, ({ session, body }) => questions.search(session, body));
  implement(app, c.ask, use, ({ session, body }) => questions.ask(session, body));
  implement(app, c.gaps, { sign: 'knowledge:edit' }, ({ session, body }) => questions.gaps(session, body));
  implement(app, c.feedbackSave, use, ({ session, body }) => questions.rate(session, body));
  implement(app, c.feedbackList, use, ({ session, body }) => questions.ratings(session, body));
}
