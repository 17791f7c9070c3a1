import type { Module } from '../../platform/context';
import { noticeRoutes } from './routes';
import { NoticeService } from './service';

declare module '../../platform/context' {
  interface Services {
    notice: NoticeService;
  }
}

/** Organisation notices and per-user messages pushed over MQTT; other modules call `ctx.services.notice.notify`. */
export const noticeModule: Module = {
  name: 'notice',
  setup(ctx) {
    const svc = new NoticeService(ctx.db, ctx.push, ctx.app.log);
    ctx.services.notice = svc;
    noticeRoutes(ctx, svc);
  },
  async seed(ctx, demo) {
    for (const d of demo)
      await ctx.services.notice.create(
        d.orgId,
        { id: d.adminId, name: '系统管理员' },
        {
          title: '欢迎使用销售CRM',
          content: '这里会发布机构公告。线索提醒、AI 通话分析结果等消息也会实时推送到右上角的消息中心。',
          publish: true,
        },
      );
  },
};
