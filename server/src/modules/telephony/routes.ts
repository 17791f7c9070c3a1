/** Telephony calls (contract.telephony): seats, lines and settings, number protection, calls, tasks, filing. */
import { formatDateTime, normalizePhone } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import { sendXlsx } from '../../platform/xlsxExport';
import { callDetail, callOut, dialCheck, exportCalls, followCall, hangup, listCalls, numberByClue } from './dial';
import { auditFiling, filingDetail, listFilings, submitFiling } from './filing';
import { addNumbers, deleteNumbers, guardConfig, listNumbers, riskOf, saveGuard } from './guard';
import {
  addPoolSeats,
  assignFromPool,
  bindSeat,
  deleteSeat,
  exportSeats,
  listSeats,
  listTransfers,
  setShowNumber,
  transferSeat,
  unbindSeat,
} from './seats';
import { callSet, dataConfig, deleteLine, saveCallSet, saveDataConfig, saveLine, sipAccount } from './settings';
import {
  addTask,
  deleteTask,
  listTaskLeads,
  listTasks,
  nextLead,
  setTaskStatus,
  skipLead,
  taskDetail,
  updateTask,
} from './tasks';
import { webhookRoutes } from './webhooks';

export function telephonyRoutes(ctx: AppContext): void {
  const { app } = ctx;
  const c = contract.telephony;
  const seat = { sign: 'seat:edit' } as const;
  // seats
  implement(app, c.seatList, seat, ({ session, body }) => listSeats(ctx, session, body));
  implement(app, c.poolList, seat, ({ session, body }) => listSeats(ctx, session, body, true));
  implement(app, c.seatExport, { ...seat, raw: true }, async ({ session, body, req, reply }) => {
    await app.audit(req, '导出坐席');
    return sendXlsx(
      reply,
      `坐席_${formatDateTime(new Date())!.replace(/\D/g, '')}.xlsx`,
      exportSeats(ctx, session, body),
      'seats.xlsx',
    );
  });
  implement(app, c.seatBind, { ...seat, audit: '绑定坐席' }, ({ session, body }) => bindSeat(ctx, session, body));
  implement(app, c.seatUnbind, { ...seat, audit: '解绑坐席' }, ({ session, body }) =>
    unbindSeat(ctx, session, body.seatId),
  );
  implement(app, c.seatDelete, { ...seat, audit: '删除坐席' }, ({ session, body }) =>
    deleteSeat(ctx, session, body.seatId),
  );
  implement(app, c.seatShowNumber, { ...seat, audit: '修改坐席外显号码' }, ({ session, body }) =>
    setShowNumber(ctx, session, body),
  );
  implement(app, c.poolAdd, { ...seat, audit: '购入坐席' }, ({ session, body }) => addPoolSeats(ctx, session, body));
  implement(app, c.poolAssign, { ...seat, audit: '分配坐席' }, ({ session, body }) =>
    assignFromPool(ctx, session, body.userId),
  );
  implement(app, c.seatTransfer, { ...seat, audit: '转移坐席' }, ({ session, body }) =>
    transferSeat(ctx, session, body),
  );
  implement(app, c.seatTransferList, seat, ({ session, body }) => listTransfers(ctx, session, body));
  // provider, lines, settings
  implement(app, c.dataConfig, seat, ({ session }) => dataConfig(ctx, session));
  implement(app, c.saveDataConfig, { ...seat, audit: '保存外呼服务商配置' }, ({ session, body }) =>
    saveDataConfig(ctx, session, body),
  );
  implement(app, c.saveLine, { ...seat, audit: '保存外呼线路' }, ({ session, body }) => saveLine(ctx, session, body));
  implement(app, c.deleteLine, { ...seat, audit: '删除外呼线路' }, ({ session, body }) =>
    deleteLine(ctx, session, body.id),
  );
  implement(app, c.callSet, { sign: 'call:out' }, ({ session }) => callSet(ctx, session));
  implement(app, c.saveCallSet, { sign: 'call:out', audit: '保存外呼设置' }, ({ session, body }) =>
    saveCallSet(ctx, session, body),
  );
  implement(app, c.sipAccount, { sign: 'call:out' }, ({ session }) => sipAccount(ctx, session));
  // 电销卫士 and risk numbers (numbers are not written to the operation log)
  implement(app, c.guard, seat, ({ session }) => guardConfig(ctx.db, session.orgId));
  implement(app, c.saveGuard, { ...seat, audit: '保存电销卫士设置' }, ({ session, body }) =>
    saveGuard(ctx, session, body),
  );
  implement(app, c.checkNumber, { sign: 'call:out' }, async ({ session, body }) => {
    if (body.clueId) {
      const { clueId } = body;
      const { phone: _masked, clueId: _id, ...check } = await numberByClue(ctx, session, { clueId });
      return check;
    }
    if (!body.phone)
      return {
        allowed: false,
        reason: '请输入号码或选择客户',
        warning: null,
        callsToday: 0,
        callsThisWeek: 0,
        beforeCallTip: null,
      };
    return dialCheck(ctx, session, normalizePhone(body.phone));
  });
  implement(app, c.riskList, seat, ({ session, body }) => listNumbers(ctx, session, body));
  implement(app, c.riskAdd, seat, ({ session, body }) => addNumbers(ctx, session, body));
  implement(app, c.riskDelete, seat, ({ session, body }) => deleteNumbers(ctx, session, body.ids));
  implement(app, c.riskCheck, { sign: 'call:out' }, async ({ session, body }) => {
    if (body.clueId) {
      const lead = await ctx.services.clue.get(session, body.clueId);
      return riskOf(ctx, session, lead.phone);
    }
    return body.phone ? riskOf(ctx, session, body.phone) : { risk: false, reason: null };
  });
  // calls
  const out = { sign: 'call:out' } as const;
  implement(app, c.numberByClue, out, ({ session, body }) => numberByClue(ctx, session, body));
  implement(app, c.callOut, { ...out, audit: '外呼' }, ({ session, body }) => callOut(ctx, session, body));
  implement(app, c.callDetail, {}, ({ session, body }) => callDetail(ctx, session, body.callId));
  implement(app, c.callList, {}, ({ session, body }) => listCalls(ctx, session, body));
  implement(app, c.callExport, { sign: 'calltask:edit', raw: true }, async ({ session, body, req, reply }) => {
    await app.audit(req, '导出通话记录');
    const name = `通话记录_${formatDateTime(new Date())!.replace(/\D/g, '')}.xlsx`;
    return sendXlsx(reply, name, exportCalls(ctx, session, body), 'calls.xlsx');
  });
  implement(app, c.callHangup, out, ({ session, body }) => hangup(ctx, session, body.callId));
  implement(app, c.callFollow, out, ({ session, body }) => followCall(ctx, session, body));
  webhookRoutes(ctx);
  // call tasks
  const task = { sign: 'calltask:edit' } as const;
  implement(app, c.taskList, {}, ({ session, body }) => listTasks(ctx, session, body));
  implement(app, c.orgTaskList, {}, ({ session, body }) => listTasks(ctx, session, body));
  implement(app, c.taskDetail, {}, ({ session, body }) => taskDetail(ctx, session, body.id));
  implement(app, c.taskAdd, { ...task, audit: '新建外呼任务' }, ({ session, body }) => addTask(ctx, session, body));
  implement(app, c.taskUpdate, { ...task, audit: '修改外呼任务' }, ({ session, body }) =>
    updateTask(ctx, session, body),
  );
  implement(app, c.taskDelete, { ...task, audit: '删除外呼任务' }, ({ session, body }) =>
    deleteTask(ctx, session, body.id),
  );
  implement(app, c.taskStatus, { ...task, audit: '修改外呼任务状态' }, ({ session, body }) =>
    setTaskStatus(ctx, session, body),
  );
  implement(app, c.taskLeads, {}, ({ session, body }) => listTaskLeads(ctx, session, body));
  implement(app, c.nextLead, out, ({ session, body }) => nextLead(ctx, session, body.taskId));
  implement(app, c.skipLead, out, ({ session, body }) => skipLead(ctx, session, body.id));
  // telecom filing
  implement(app, c.filingList, seat, ({ session, body }) => listFilings(ctx, session, body));
  implement(app, c.filingDetail, seat, ({ session, body }) => filingDetail(ctx, session, body.id));
  implement(app, c.filingSubmit, { ...seat, audit: '提交电信报备' }, ({ session, body }) =>
    submitFiling(ctx, session, body),
  );
  implement(app, c.filingAudit, { ...seat, audit: '登记电信报备审核结果' }, ({ session, body }) =>
    auditFiling(ctx, session, body),
  );
}
