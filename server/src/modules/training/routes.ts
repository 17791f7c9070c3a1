/** /aiCallTrain (员工培训): the calls of contract.training. */
import { formatDateTime } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import { sendXlsx } from '../../platform/xlsxExport';
import { completion } from './completion';
import { deleteExample, exampleFacets, examplePage, markExample } from './examples';
import { writeTrainings } from './exports';
import {
  assignTraining,
  deleteTrainings,
  operateTraining,
  trainDetail,
  trainPage,
  transferTrainings,
  updateTraining,
} from './service';

const VIEW = 'training:view';
const EDIT = 'training:edit';

export function trainingRoutes(ctx: AppContext): void {
  const { app, db } = ctx;
  const c = contract.training;
  // everyone: their own trainings (我的培训) and their own steps; managers: by their data scope (service.ts)
  implement(app, c.callTrainPage, {}, ({ session, body }) => trainPage(db, session, body));
  implement(app, c.getCallTrainLog, {}, ({ session, body }) => trainDetail(ctx, session, body.id));
  implement(app, c.rpcOperateCallTrainLog, { audit: '学习培训' }, ({ session, body }) =>
    operateTraining(db, session, body),
  );

  implement(app, c.rpcAddCallTrainLog, { sign: EDIT, audit: '指派培训' }, ({ session, body }) =>
    assignTraining(db, session, body),
  );
  implement(app, c.rpcUpdCallTrainLog, { sign: EDIT, audit: '编辑培训' }, ({ session, body }) =>
    updateTraining(db, session, body),
  );
  implement(app, c.rpcTransferCallTrainLog, { sign: EDIT, audit: '转交培训' }, ({ session, body }) =>
    transferTrainings(db, session, body),
  );
  implement(app, c.rpcDelCallTrainLog, { sign: EDIT, audit: '删除培训' }, async ({ session, body }) => {
    await deleteTrainings(db, session, [body.id]);
    return { id: body.id };
  });
  implement(app, c.delTrainList, { sign: EDIT, audit: '批量删除培训' }, ({ session, body }) =>
    deleteTrainings(db, session, body.ids),
  );
  implement(app, c.completion, { sign: VIEW }, ({ session, body }) => completion(db, session, body));
  implement(app, c.export, { sign: VIEW, raw: true }, async ({ session, body, req, reply }) => {
    await app.audit(req, '导出员工培训');
    const fileName = `员工培训_${formatDateTime(new Date())!.replace(/\D/g, '')}.xlsx`;
    return sendXlsx(reply, fileName, (x) => writeTrainings(db, session, body, x), 'training.xlsx');
  });

  implement(app, c.markExample, { sign: EDIT, audit: '设为培训案例' }, ({ session, body }) =>
    markExample(db, session, body),
  );
  implement(app, c.examplePage, { sign: VIEW }, ({ session, body }) => examplePage(db, session, body));
  implement(app, c.exampleFacets, { sign: VIEW }, ({ session }) => exampleFacets(db, session));
  implement(app, c.delExample, { sign: EDIT, audit: '移出案例库' }, ({ session, body }) =>
    deleteExample(db, session, body.id),
  );
}
