import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { defineRoutes } from '../../platform/http';
import { PASSWORD_RULE, PASSWORD_RULE_MSG } from '../../platform/password';
import type { AccountService } from './service';

const phone = z.string().regex(/^1\d{10}$/, '请输入正确的 11 位手机号');
const password = z.string().regex(PASSWORD_RULE, PASSWORD_RULE_MSG);
const smsCodeField = z.string().regex(/^\d{6}$/, '请输入 6 位短信验证码');

const LoginBody = z.union([
  z.object({
    account: z.string().trim().min(1, '请输入账号').max(64),
    password: z.string().min(1, '请输入密码').max(64),
    captchaId: z.string().optional(),
    captchaCode: z.string().optional(),
    geetest_challenge: z.string().max(100).optional(),
    geetest_validate: z.string().max(100).optional(),
    geetest_seccode: z.string().max(200).optional(),
  }),
  z.object({ phone, code: smsCodeField }),
]);

const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

export function accountRoutes(ctx: AppContext, svc: AccountService): void {
  defineRoutes(ctx.app, 'backend', (r) => {
    r.post(
      '/loginController/webLogin',
      { auth: 'none', body: LoginBody, summary: '登录（账号密码或短信验证码）' },
      ({ body, req }) => ('account' in body ? svc.loginByPassword(body, meta(req)) : svc.loginBySms(body, meta(req))),
    );

    r.post(
      '/loginController/refreshToken',
      {
        auth: 'none',
        body: z.object({ refreshToken: z.string().min(1, '缺少 refreshToken') }),
        summary: '刷新登录凭证',
      },
      ({ body }) => svc.refresh(body.refreshToken),
    );

    r.post('/loginController/logOut', { summary: '退出登录' }, async ({ session }) => {
      await svc.logout(session);
      return null;
    });

    r.post(
      '/loginController/msgCode',
      {
        auth: 'none',
        body: z.object({ phone, type: z.enum(['login', 'register', 'reset']).default('login') }),
        summary: '发送短信验证码',
      },
      ({ body, req }) => svc.sendSmsCode(body.phone, body.type, req.ip),
    );

    r.post(
      '/loginController/verificationAccount',
      { auth: 'none', body: z.object({ phone, code: smsCodeField }), summary: '找回密码：校验手机号' },
      ({ body, req }) => svc.verifyAccount(body, meta(req)),
    );

    r.post(
      '/loginController/changePassword',
      {
        auth: 'optional',
        body: z.object({ oldPassword: z.string().optional(), ticket: z.string().optional(), newPassword: password }),
        summary: '修改或重置密码',
      },
      async ({ session, body }) => {
        if (!session && !body.ticket) throw badRequest('ticket：请先校验手机号');
        await svc.changePassword(session, body);
        return null;
      },
    );

    r.post('/loginController/getCode/v2', { auth: 'none', summary: '图形验证码' }, () => svc.newImageCode());

    r.post(
      '/loginController/registerApp',
      {
        auth: 'none',
        body: z.object({
          orgName: z.string().trim().min(2, '机构名称至少 2 个字').max(100),
          realName: z.string().trim().min(1, '请输入联系人姓名').max(50),
          phone,
          code: smsCodeField,
          password,
          username: z
            .string()
            .trim()
            .regex(/^[A-Za-z0-9_@.-]{4,32}$/, '登录账号为 4-32 位字母、数字或 _@.-')
            .optional(),
          industry: z.string().max(50).optional(),
        }),
        summary: '注册机构',
      },
      ({ body, req }) => svc.register(body, meta(req)),
    );

    r.post('/loginController/getVersionId', { summary: '机构版本' }, ({ session }) => svc.version(session));
    r.get('/loginController/getTempToken', { summary: '临时访问凭证（iframe、H5 页面）' }, ({ session }) =>
      svc.tempToken(session),
    );
    r.get('/loginController/getUserInfoByToken', { summary: '当前用户信息' }, ({ session }) => svc.userInfo(session));
    r.get(
      '/geetest/getParams',
      { auth: 'none', query: z.object({ mobile: z.string().max(10).optional() }), summary: '滑块验证码参数（极验）' },
      ({ query, req }) => svc.geetestParams(query.mobile, req.headers['user-agent']),
    );
    r.get(
      '/dingLogin/getXsbTokenByDingCode',
      {
        auth: 'none',
        query: z.object({ code: z.string().trim().min(1, '缺少钉钉免登授权码').max(200) }),
        summary: '钉钉免登',
      },
      ({ query, req }) => svc.loginByDingCode(query.code, meta(req)),
    );
    r.get(
      '/loginController/captchaRequired',
      { auth: 'none', query: z.object({ account: z.string().default('') }), summary: '登录是否需要图形验证码' },
      async ({ query, req }) => ({ captchaRequired: await svc.captchaRequired(query.account, req.ip) }),
    );
  });
}
