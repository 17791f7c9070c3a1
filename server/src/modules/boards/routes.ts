/** The boards' calls: contract.dealBoardSetting, dealManager, boardPages, marketBoard, aiBossStatis, aiBossBulletinBoardCluster, customBoard. */
import { formatDateTime } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import { sendXlsx, type XlsxExport } from '../../platform/xlsxExport';
import type { AiBoards } from './ai';
import type { CustomBoards } from './custom';
import type { Deals } from './deals';
import { writeCustomBoard, writeDealBoard, writeDeals, writeMarket, writeRank, writeTrend } from './exports';
import type { Market } from './market';

export interface BoardServices {
  deals: Deals;
  market: Market;
  ai: AiBoards;
  custom: CustomBoards;
}

const VIEW = 'board:view';
const EDIT = 'board:edit';
const EXPORT = 'board:export';

export function boardRoutes(ctx: AppContext, { deals, market, ai, custom }: BoardServices): void {
  const { app } = ctx;
  /** An audited .xlsx download named `<name>_<timestamp>.xlsx`. */
  const download = async (
    req: FastifyRequest,
    reply: FastifyReply,
    name: string,
    write: (x: XlsxExport) => unknown,
  ) => {
    await app.audit(req, `导出${name}`);
    const fileName = `${name}_${formatDateTime(new Date())!.replace(/\D/g, '')}.xlsx`;
    return sendXlsx(reply, fileName, async (x) => void (await write(x)), 'board.xlsx');
  };

  const set = contract.dealBoardSetting;
  implement(app, set.list, { sign: VIEW }, ({ session }) => deals.list(session));
  implement(app, set.save, { sign: EDIT, audit: '新增成交看板设置' }, ({ session, body }) => deals.save(session, body));
  implement(app, set.update, { sign: EDIT, audit: '编辑成交看板设置' }, ({ session, body }) =>
    deals.save(session, body),
  );
  implement(app, set.delete, { sign: EDIT, audit: '删除成交看板设置' }, ({ session, body }) =>
    deals.delete(session, body.id),
  );

  const pages = contract.boardPages;
  implement(app, pages.getBoardPageList, { sign: VIEW }, ({ session, body }) => deals.board(session, body));
  implement(app, pages.getDealBoardSettingList, { sign: VIEW }, async ({ session }) =>
    (await deals.list(session)).map(({ id, name, isDefault }) => ({ id, name, isDefault })),
  );
  implement(app, pages.selectSettingDetail, { sign: VIEW }, ({ session, body }) => deals.detail(session, body.id));

  const dm = contract.dealManager;
  implement(app, dm.pagelist, { sign: VIEW }, ({ session, body }) => deals.page(session, body));
  implement(app, dm.export, { sign: EXPORT, raw: true }, async ({ session, body, req, reply }) => {
    const pageOf = (pageNum: number) => deals.page(session, { ...body, pageNum, pageSize: 100 });
    const first = await pageOf(1);
    return download(req, reply, '成交明细', (x) => writeDeals(first, pageOf, x));
  });
  implement(app, dm.exportBoard, { sign: EXPORT, raw: true }, async ({ session, body, req, reply }) => {
    const board = await deals.board(session, body);
    return download(req, reply, '成交排行', (x) => writeDealBoard(board, x));
  });

  const mb = contract.marketBoard;
  implement(app, mb.get, { sign: VIEW }, ({ session, body }) => market.get(session, body));
  implement(app, mb.export, { sign: EXPORT, raw: true }, async ({ session, body, req, reply }) => {
    const board = await market.get(session, body);
    return download(req, reply, '市场看板', (x) => writeMarket(board, x));
  });
  implement(app, mb.costList, { sign: VIEW }, ({ session, body }) => market.costList(session, body.month));
  implement(app, mb.saveCost, { sign: EDIT, audit: '登记投放成本' }, ({ session, body }) =>
    market.saveCost(session, body),
  );

  const st = contract.aiBossStatis;
  implement(app, st.getOverview, { sign: VIEW }, ({ session, body }) => ai.overview(session, body));
  implement(app, st.getTrend, { sign: VIEW }, ({ session, body }) => ai.trend(session, body));
  implement(app, st.getRank, { sign: VIEW }, ({ session, body }) => ai.rank(session, body));
  implement(app, st.exportRank, { sign: EXPORT, raw: true }, async ({ session, body, req, reply }) => {
    const rows = await ai.rank(session, body);
    return download(req, reply, 'AI人效', (x) => writeRank(rows, x));
  });
  implement(app, st.exportTrend, { sign: EXPORT, raw: true }, async ({ session, body, req, reply }) => {
    const points = await ai.trend(session, body);
    return download(req, reply, 'AI统计', (x) => writeTrend(points, x));
  });

  const panels = contract.aiBossBulletinBoardCluster;
  implement(app, panels.list, { sign: VIEW }, ({ session }) => ai.panels(session.orgId));
  implement(app, panels.save, { sign: EDIT, audit: '保存 AI 看板模块' }, ({ session, body }) =>
    ai.savePanels(session, body.panels),
  );

  const cb = contract.customBoard;
  implement(app, cb.list, { sign: VIEW }, ({ session }) => custom.list(session));
  implement(app, cb.save, { sign: EDIT, audit: '保存自定义看板' }, ({ session, body }) => custom.save(session, body));
  implement(app, cb.delete, { sign: EDIT, audit: '删除自定义看板' }, ({ session, body }) =>
    custom.delete(session, body.id),
  );
  implement(app, cb.data, { sign: VIEW }, ({ session, body }) => custom.data(session, body.id));
  implement(app, cb.export, { sign: EXPORT, raw: true }, async ({ session, body, req, reply }) => {
    const data = await custom.data(session, body.id);
    return download(req, reply, '自定义看板', (x) => writeCustomBoard(data, x));
  });
  implement(app, cb.share, { sign: EDIT, audit: '分享自定义看板' }, ({ session, body }) => custom.share(session, body));
  implement(app, cb.shared, { auth: 'none' }, ({ body, req }) => custom.shared(body.token, req.ip));
}
