import { contract } from '@crm/core/contract';
import { lineTotalFen } from '@crm/core/contract/order';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type TestOrg, useTestApp } from '../../test/harness';
import { ok, refused } from '../../test/org';
import { multipart } from '../../test/recording';

const R = '/api/robot';
let phoneSeq = 15000000000 + Math.floor(Math.random() * 9e8);

describe('/crmProduct and /crmOrder', () => {
  const t = useTestApp();
  const call = (path: string, body: object, token: string) => t().post(`${R}${path}`, body, { token });
  const lead = async (org: TestOrg, token = org.seat.token) =>
    ok(
      await call(
        '/organizationClue/add',
        { name: '王芳', company: '杭州云帆文化传媒有限公司', phone: String(phoneSeq++), type: 2 },
        token,
      ),
    ).id as number;
  const product = async (org: TestOrg, body: object = {}) =>
    ok(
      await call(
        '/crmProduct/add',
        { name: '少儿编程启蒙班', code: `P${phoneSeq++}`, unit: '期', priceFen: 680_000, ...body },
        org.admin.token,
      ),
    ).id as number;
  const order = async (org: TestOrg, clueId: number, lines: object[], body: object = {}, token = org.seat.token) =>
    ok(await call('/crmOrder/add', { clueId, signedOn: '2026-11-20', lines, ...body }, token)) as {
      id: number;
      orderNo: string;
    };

  it('answers code 10 without a session and 403 without the order signs', async () => {
    const paths = [
      'pagelist',
      'add',
      'update',
      'delete',
      'detail',
      'export',
      'addPayment',
      'changeStatus',
      'getSetting',
      'saveSetting',
    ]
      .map((c) => `/crmOrder/${c}`)
      .concat(['pagelist', 'add', 'update', 'delete'].map((c) => `/crmProduct/${c}`));
    for (const path of paths) {
      const res = await t().post(`${R}${path}`, {});
      expect(`${path} ${res.status} ${res.code}`).toBe(`${path} 401 10`);
    }
    const org = await t().newOrg();
    for (const [path, body] of [
      ['/crmProduct/add', { name: 'x', code: 'x', unit: '个', priceFen: 1 }],
      ['/crmOrder/delete', { id: 1 }],
      ['/crmOrder/export', {}],
      ['/crmOrder/saveSetting', { paidStage: 7 }],
    ] as const) {
      const res = await call(path, body, org.seat.token);
      expect(`${path} ${res.status} ${res.msg}`).toBe(`${path} 403 无权限访问`);
    }
  });

  it('products: catalogue with custom fields, unique code, on/off sale, filters, delete; another organisation sees none', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const field = ok(
      await call(
        '/clueOrderField/add',
        { type: 3, fieldLabel: '产品规格', fieldType: 1, isRequired: 1 },
        org.admin.token,
      ),
    );
    refused(
      await call('/crmProduct/add', { name: '编程课', code: 'A-1', unit: '期', priceFen: 100 }, org.admin.token),
      400,
      /产品规格/,
    );
    const id = ok(
      await call(
        '/crmProduct/add',
        {
          name: '编程课',
          code: 'A-1',
          unit: '期',
          priceFen: 680_000,
          category: '编程',
          custom: { [field.fieldName]: '48 课时' },
        },
        org.admin.token,
      ),
    ).id;
    refused(
      await call(
        '/crmProduct/add',
        { name: '另一个', code: 'A-1', unit: '期', priceFen: 1, custom: { [field.fieldName]: 'x' } },
        org.admin.token,
      ),
      409,
      '产品编码“A-1”已存在',
    );
    refused(
      await call('/crmProduct/add', { name: '', code: 'B', unit: '期', priceFen: 1 }, org.admin.token),
      400,
      '请输入产品名称',
    );
    refused(
      await call('/crmProduct/add', { name: 'x', code: 'B', unit: '期', priceFen: 12.5 }, org.admin.token),
      400,
      '标准价格须为整数（单位：分）',
    );
    refused(
      await call('/crmProduct/add', { name: 'x', code: 'B', unit: '期', priceFen: -1 }, org.admin.token),
      400,
      '标准价格不能小于 0 分',
    );
    const list = ok(await call('/crmProduct/pagelist', { keyword: 'A-1' }, org.seat.token));
    expect(list.lists).toMatchObject([
      {
        id,
        name: '编程课',
        priceFen: 680_000,
        onSale: 1,
        onSaleName: '上架',
        category: '编程',
        custom: { [field.fieldName]: '48 课时' },
      },
    ]);
    ok(await call('/crmProduct/update', { id, onSale: 2, priceFen: 650_000 }, org.admin.token));
    expect(ok(await call('/crmProduct/pagelist', { onSale: 2 }, org.admin.token)).lists).toMatchObject([
      { id, priceFen: 650_000, onSaleName: '下架' },
    ]);
    refused(await call('/crmProduct/update', { id, name: '改名' }, other.admin.token), 404, '产品不存在');
    refused(await call('/crmProduct/delete', { id }, other.admin.token), 404);
    expect(ok(await call('/crmProduct/pagelist', {}, other.admin.token)).total).toBe(0);
    ok(await call('/crmProduct/delete', { id }, org.admin.token));
    expect(ok(await call('/crmProduct/pagelist', {}, org.admin.token)).total).toBe(0);
  });

  it('an order with two lines and a discount: totals in integer fen, rounded half up per line; numbered by day', async () => {
    const org = await t().newOrg();
    const clueId = await lead(org);
    const a = await product(org, { priceFen: 680_000 });
    const b = await product(org, { name: '教材礼包', unit: '套', priceFen: 33_333 });
    const o = await order(org, clueId, [
      { productId: a, quantity: 2, unitPriceFen: 680_000, discountBp: 8_500 },
      { productId: b, quantity: 3, unitPriceFen: 33_333, discountBp: 9_950 },
    ]);
    expect(o.orderNo).toMatch(/^DD\d{8}0001$/);
    const d = ok(await call('/crmOrder/detail', { id: o.id }, org.seat.token));
    // 2 × 6800.00 × 85% = 11560.00; 3 × 333.33 × 99.5% = 994.99 (99498.505 fen → 99499)
    expect(d.lines.map((l: any) => [l.quantity, l.unitPriceFen, l.discountText, l.lineTotalFen])).toEqual([
      [2, 680_000, '85%', 1_156_000],
      [3, 33_333, '99.5%', 99_499],
    ]);
    expect(d).toMatchObject({
      totalFen: 1_255_499,
      paidFen: 0,
      unpaidFen: 1_255_499,
      status: 2,
      statusName: '已确认',
      customerName: '王芳',
      ownerName: '坐席甲',
    });
    expect(d.history).toMatchObject([{ action: '创建订单', userName: '坐席甲' }]);
    const second = await order(org, clueId, [{ productId: a, quantity: 1, unitPriceFen: 1 }]);
    expect(Number(second.orderNo.slice(-4))).toBe(2);
    expect(second.orderNo.slice(0, 10)).toBe(o.orderNo.slice(0, 10));
    refused(
      await call('/crmOrder/add', { clueId, signedOn: '2026-11-20', lines: [] }, org.seat.token),
      400,
      '请至少添加一个产品',
    );
    refused(
      await call(
        '/crmOrder/add',
        { clueId, signedOn: '20261120', lines: [{ productId: a, quantity: 1, unitPriceFen: 1 }] },
        org.seat.token,
      ),
      400,
      '签约日期格式应为 YYYY-MM-DD',
    );
    refused(
      await call(
        '/crmOrder/add',
        { clueId, signedOn: '2026-11-20', lines: [{ productId: a, quantity: 0, unitPriceFen: 1 }] },
        org.seat.token,
      ),
      400,
      '数量不能小于 1',
    );
    refused(
      await call(
        '/crmOrder/add',
        { clueId, signedOn: '2026-11-20', lines: [{ productId: a, quantity: 1, unitPriceFen: 1, discountBp: 10_001 }] },
        org.seat.token,
      ),
      400,
      '折扣不能大于 10000',
    );
  });

  it('order numbers stay unique under concurrent orders', async () => {
    const org = await t().newOrg();
    const clueId = await lead(org, org.admin.token);
    const a = await product(org);
    const made = await Promise.all(
      Array.from({ length: 15 }, () =>
        order(org, clueId, [{ productId: a, quantity: 1, unitPriceFen: 100 }], {}, org.admin.token),
      ),
    );
    const seqs = made.map((m) => Number(m.orderNo.slice(-4))).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
  });

  it('payments: part then full; a paid order moves the customer to the configured stage', async () => {
    const org = await t().newOrg();
    const clueId = await lead(org);
    const a = await product(org);
    expect(ok(await call('/crmOrder/saveSetting', { paidStage: 7 }, org.admin.token)).paidStage).toBe(7);
    refused(await call('/crmOrder/saveSetting', { paidStage: 12 }, org.admin.token), 400, /回款后客户阶段只能是/);
    const o = await order(org, clueId, [{ productId: a, quantity: 1, unitPriceFen: 100_000 }]);
    const pay = (amountFen: number, body: object = {}) =>
      call(
        '/crmOrder/addPayment',
        { orderId: o.id, amountFen, paidOn: '2026-11-21', method: '银行转账', ...body },
        org.seat.token,
      );
    ok(await pay(30_000));
    let d = ok(await call('/crmOrder/detail', { id: o.id }, org.seat.token));
    expect(d).toMatchObject({
      status: 3,
      statusName: '部分回款',
      paidFen: 30_000,
      unpaidFen: 70_000,
      customerStage: 1,
    });
    refused(await pay(70_001), 400, '回款金额不能超过未回款金额 700.00 元');
    refused(await pay(100, { method: '支票' }), 400, /回款方式只能是/);
    ok(await pay(70_000, { method: '微信' }));
    d = ok(await call('/crmOrder/detail', { id: o.id }, org.seat.token));
    expect(d).toMatchObject({
      status: 4,
      statusName: '已回款',
      paidFen: 100_000,
      customerStage: 7,
      customerStageName: '已报名',
    });
    expect(d.payments.map((p: any) => [p.amountFen, p.method])).toEqual([
      [30_000, '银行转账'],
      [70_000, '微信'],
    ]);
    expect(d.history.map((h: any) => h.action)).toEqual(['客户阶段变更', '登记回款', '登记回款', '创建订单']);
    refused(await pay(1), 400, '订单已回款，不能登记回款');
    // refund, then nothing more
    ok(await call('/crmOrder/changeStatus', { id: o.id, status: 5, reason: '客户退课' }, org.seat.token));
    refused(await call('/crmOrder/changeStatus', { id: o.id, status: 6 }, org.seat.token), 400, '只能取消未回款的订单');
    const other = await t().newOrg();
    refused(
      await call(
        '/crmOrder/addPayment',
        { orderId: o.id, amountFen: 1, paidOn: '2026-11-21', method: '现金' },
        other.admin.token,
      ),
      404,
      '订单不存在',
    );
    refused(await call('/crmOrder/detail', { id: o.id }, other.admin.token), 404);
  });

  it('drafts: confirm before a payment; only drafts and cancelled orders are deleted; edits recompute the total', async () => {
    const org = await t().newOrg();
    const clueId = await lead(org);
    const a = await product(org);
    const o = await order(org, clueId, [{ productId: a, quantity: 1, unitPriceFen: 10_000 }], { status: 1 });
    refused(
      await call(
        '/crmOrder/addPayment',
        { orderId: o.id, amountFen: 1, paidOn: '2026-11-21', method: '现金' },
        org.seat.token,
      ),
      400,
      '草稿订单请先确认再登记回款',
    );
    ok(
      await call(
        '/crmOrder/update',
        { id: o.id, lines: [{ productId: a, quantity: 3, unitPriceFen: 10_000, discountBp: 9_000 }], remark: '加购' },
        org.seat.token,
      ),
    );
    expect(ok(await call('/crmOrder/detail', { id: o.id }, org.seat.token))).toMatchObject({
      totalFen: 27_000,
      status: 1,
      remark: '加购',
    });
    ok(await call('/crmOrder/changeStatus', { id: o.id, status: 2 }, org.seat.token));
    refused(await call('/crmOrder/delete', { id: o.id }, org.seat.token), 403);
    refused(await call('/crmOrder/delete', { id: o.id }, org.admin.token), 400, '只能删除草稿或已取消的订单');
    ok(await call('/crmOrder/changeStatus', { id: o.id, status: 6, reason: '客户放弃' }, org.seat.token));
    const other = await t().newOrg();
    refused(await call('/crmOrder/delete', { id: o.id }, other.admin.token), 404);
    refused(await call('/crmOrder/update', { id: o.id, remark: 'x' }, other.admin.token), 404);
    ok(await call('/crmOrder/delete', { id: o.id }, org.admin.token));
    refused(await call('/crmOrder/detail', { id: o.id }, org.seat.token), 404);
  });

  it('list: data scope and every filter; export; custom order fields', async () => {
    const org = await t().newOrg();
    const field = ok(
      await call('/clueOrderField/add', { type: 1, fieldLabel: '合同编号', fieldType: 1 }, org.admin.token),
    );
    const a = await product(org);
    const b = await product(org, { name: '英语口语', priceFen: 5_000 });
    const mine = await order(org, await lead(org), [{ productId: a, quantity: 1, unitPriceFen: 500_000 }], {
      custom: { [field.fieldName]: 'HT-2026-001' },
    });
    const theirs = await order(
      org,
      await lead(org, org.otherSeat.token),
      [{ productId: b, quantity: 2, unitPriceFen: 5_000 }],
      { signedOn: '2026-10-01' },
      org.otherSeat.token,
    );
    expect(ok(await call('/crmOrder/detail', { id: mine.id }, org.seat.token)).custom).toEqual({
      [field.fieldName]: 'HT-2026-001',
    });
    const ids = async (body: object, token = org.admin.token) =>
      ok(await call('/crmOrder/pagelist', body, token)).lists.map((o: any) => o.id);
    expect(await ids({})).toEqual([theirs.id, mine.id]);
    expect(await ids({}, org.seat.token)).toEqual([mine.id]);
    expect(await ids({}, org.manager.token)).toEqual([mine.id]);
    expect(await ids({ ownerId: org.otherSeat.userId })).toEqual([theirs.id]);
    expect(await ids({ deptId: org.otherDeptId })).toEqual([theirs.id]);
    expect(await ids({ productId: b })).toEqual([theirs.id]);
    expect(await ids({ minAmountFen: 100_000 })).toEqual([mine.id]);
    expect(await ids({ maxAmountFen: 10_000 })).toEqual([theirs.id]);
    expect(await ids({ startTime: '2026-10-01 00:00:00', endTime: '2026-10-31 23:59:59' })).toEqual([theirs.id]);
    expect(await ids({ status: 4 })).toEqual([]);
    expect(await ids({ keyword: mine.orderNo })).toEqual([mine.id]);
    const page = ok(await call('/crmOrder/pagelist', {}, org.admin.token));
    expect(page).toMatchObject({ total: 2, totalExact: true });
    expect(page.lists[1]).toMatchObject({
      totalFen: 500_000,
      ownerName: '坐席甲',
      statusName: '已确认',
      productNames: '少儿编程启蒙班',
    });
    refused(
      await call('/crmOrder/pagelist', { minAmountFen: 1.5 }, org.admin.token),
      400,
      '最低金额须为整数（单位：分）',
    );
    refused(await call('/crmOrder/pagelist', { status: 9 }, org.admin.token), 400, '订单状态只能是 1、2、3、4、5、6');
    const xlsx = await call('/crmOrder/export', { ownerId: org.seat.userId }, org.admin.token);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('orders.xlsx');
    const other = await t().newOrg();
    expect(await ids({}, other.admin.token)).toEqual([]);
    refused(
      await call(
        '/crmOrder/add',
        { clueId: 999_999, signedOn: '2026-11-20', lines: [{ productId: a, quantity: 1, unitPriceFen: 1 }] },
        org.admin.token,
      ),
      404,
    );
    refused(
      await call(
        '/crmOrder/add',
        {
          clueId: await lead(other, other.admin.token),
          signedOn: '2026-11-20',
          lines: [{ productId: a, quantity: 1, unitPriceFen: 1 }],
        },
        org.admin.token,
      ),
      404,
    );
    refused(
      await call(
        '/crmOrder/add',
        {
          clueId: await lead(other, other.admin.token),
          signedOn: '2026-11-20',
          lines: [{ productId: a, quantity: 1, unitPriceFen: 1 }],
        },
        other.admin.token,
      ),
      400,
      '产品不存在',
    );
  });

  it('lineTotalFen: exact integer rounding half up, whatever the sizes (checked against BigInt arithmetic)', () => {
    expect(lineTotalFen(1, 1, 5_000)).toBe(1); // 0.5 fen → 1
    expect(lineTotalFen(1, 1, 4_999)).toBe(0);
    expect(lineTotalFen(1_000_000, 10_000_000_000, 10_000)).toBe(1e16);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (q, p, d) => {
          const total = lineTotalFen(q, p, d);
          const exact = BigInt(q) * BigInt(p) * BigInt(d);
          // total is the nearest fen, ties up: |total × 10000 − exact| ≤ 5000, and exactly 5000 only below
          const diff = BigInt(total) * 10_000n - exact;
          return diff <= 5_000n && diff > -5_000n;
        },
      ),
    );
  });

  it('attachments: only files uploaded here by the organisation; off-site and made-up addresses are refused', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const clueId = await lead(org);
    const a = await product(org);
    const line = [{ productId: a, quantity: 1, unitPriceFen: 10_000 }];
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR')]);
    const uploadImg = async (token: string) => {
      const { body, headers } = multipart({}, [{ fileName: '合同.png', data: png, contentType: 'image/png' }]);
      return ok(await t().callRaw(contract.upload.uploadImage, body, { token, headers }));
    };
    const mine = await uploadImg(org.seat.token);
    const theirs = await uploadImg(other.seat.token);
    const add = (attachments: object[]) =>
      call('/crmOrder/add', { clueId, signedOn: '2026-11-20', lines: line, attachments }, org.seat.token);

    const offSite = [
      '//evil.example/x.png',
      'https://evil.example/x.png',
      'javascript:alert(1)',
      '/api/backend/uploadController/img/../../../evil',
      `${mine.url}?x=//evil.example`,
      `https://evil.example${mine.url}`,
    ];
    for (const url of offSite) refused(await add([{ name: '合同', url }]), 400, '附件须为本系统上传的文件，请重新上传');
    // well formed but not an upload of this organisation: another's, or made up
    refused(await add([{ name: '合同', url: theirs.url }]), 400, '附件须为本系统上传的文件');
    refused(
      await add([
        { name: '合同', url: mine.url },
        { name: '凭证', url: '/api/backend/uploadController/img/AAAAAAAAAAAAAAAAAAAAAAAA' },
      ]),
      400,
      '附件须为本系统上传的文件',
    );
    const list = async () => ok(await call('/crmOrder/pagelist', { pageNum: 1, pageSize: 10 }, org.admin.token)).total;
    expect(await list()).toBe(0);

    // the uploaded one is accepted, and an update is checked the same way
    const o = ok(await add([{ name: '合同', url: mine.url }]));
    expect(ok(await call('/crmOrder/detail', { id: o.id }, org.seat.token)).attachments).toEqual([
      { name: '合同', url: mine.url },
    ]);
    refused(
      await call(
        '/crmOrder/update',
        { id: o.id, attachments: [{ name: 'x', url: '//evil.example/x' }] },
        org.seat.token,
      ),
      400,
      '附件须为本系统上传的文件',
    );
    // an address saved before the check is not shown
    await t().database.db.execute(
      sql`update crm_order set attachments = ${JSON.stringify([
        { name: '旧', url: '//evil.example/x.png' },
        { name: '合同', url: mine.url },
      ])}::jsonb where id = ${o.id}`,
    );
    expect(ok(await call('/crmOrder/detail', { id: o.id }, org.seat.token)).attachments).toEqual([
      { name: '合同', url: mine.url },
    ]);
  });
});
