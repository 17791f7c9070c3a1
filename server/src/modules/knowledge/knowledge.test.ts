import { contract } from '@crm/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxOf, pdfOf } from '../../../../e2e/lib/documents.mjs';
import { type FakeServer, fakeServer } from '../../test/fakeHttp';
import { type TestApp, type TestOrg, useTestApp } from '../../test/harness';
import { B, expectForbidden, expectNoSession, ok, refused } from '../../test/org';
import { multipart } from '../../test/recording';

const k = contract.knowledge;

export async function uploadDoc(t: TestApp, token: string, fileName: string, data: Buffer, base = 1) {
  const { body, headers } = multipart({ base }, [{ fileName, data }]);
  const res = await t.built.app.inject({
    method: 'POST',
    url: `${B}/baseKnowledgeInfo/upload`,
    payload: body,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  return res.json() as { code: number; msg: string; data: { id: number } };
}

export async function parsed(t: TestApp, token: string, id: number) {
  for (let i = 0; i < 120; i++) {
    const d = ok(await t.call(k.detail, { id }, { token }));
    if (d.status !== 1) return d;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('parse job did not finish');
}

describe('knowledge bases', () => {
  const t = useTestApp();
  let org: TestOrg;
  let other: TestOrg;
  let llm: FakeServer;
  let llmAnswer: object = { answerable: true, answer: '试听课免费 [1]。' };

  beforeAll(async () => {
    org = await t().newOrg();
    other = await t().newOrg();
    llm = await fakeServer(() => ({
      json: { id: 'x', choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(llmAnswer) } }] },
    }));
  });
  afterAll(() => llm?.close());

  it('answers code 10 without a session, 403 without the signs', async () => {
    await expectNoSession(
      t(),
      [
        '/baseKnowledgeInfo/pagelist',
        '/baseKnowledgeInfo/save',
        '/baseKnowledgeInfo/update',
        '/baseKnowledgeInfo/delete',
        '/baseKnowledgeInfo/upload',
        '/baseKnowledgeInfo/detail',
        '/aiKnowledge/search',
        '/aiKnowledge/ask',
        '/aiKnowledge/gaps',
        '/knowledgeFeedback/save',
        '/knowledgeFeedback/pagelist',
      ].map((path) => ({ path })),
    );
    await expectForbidden(t(), org.seat.token, [{ path: '/aiKnowledge/gaps', body: {} }]);
  });

  it('entries: validation, personal and organisation bases, edit and delete', async () => {
    const save = (token: string, body: object) => t().callRaw(k.save, body, { token });
    refused(await save(org.seat.token, { base: 3, kind: 1, title: 'x', content: 'y' }), 400, '知识库只能是 1、2');
    refused(await save(org.seat.token, { base: 1, kind: 1, title: ' ', content: 'y' }), 400, '请输入标题');
    refused(await save(org.seat.token, { base: 1, kind: 1, title: 'x', content: '' }), 400, '请输入内容');
    refused(await save(org.seat.token, { base: 2, kind: 1, title: 'x', content: 'y' }), 403, '无权维护机构知识库');
    const mine = ok(
      await t().call(
        k.save,
        { base: 1, kind: 4, title: '客户说太贵', content: '先认同，再讲分期付款方案。' },
        { token: org.seat.token },
      ),
    ).id;
    const orgEntry = ok(
      await t().call(
        k.save,
        { base: 2, kind: 3, title: '试听课收费吗', content: '首次试听免费，时长 45 分钟，需提前一天预约。' },
        { token: org.admin.token },
      ),
    ).id;
    // the own base is the user's alone; the organisation's is everyone's
    const own = ok(await t().call(k.list, { base: 1 }, { token: org.seat.token }));
    expect(own.lists.map((e) => e.id)).toEqual([mine]);
    expect(own.lists[0]).toMatchObject({
      kindName: '异议处理',
      statusName: '已完成',
      passageCount: 1,
      ownerName: '坐席甲',
    });
    expect(ok(await t().call(k.list, { base: 1 }, { token: org.otherSeat.token })).total).toBe(0);
    expect(ok(await t().call(k.list, { base: 2 }, { token: org.otherSeat.token })).lists.map((e) => e.id)).toContain(
      orgEntry,
    );
    refused(await t().call(k.detail, { id: mine }, { token: org.otherSeat.token }), 404, '知识不存在');
    // a seat may not change the organisation's entry
    refused(await t().call(k.update, { id: orgEntry, title: '改' }, { token: org.seat.token }), 403);
    ok(await t().call(k.update, { id: mine, content: '先认同，再讲分期付款和赠课方案。' }, { token: org.seat.token }));
    expect(ok(await t().call(k.detail, { id: mine }, { token: org.seat.token })).passages[0].text).toContain('赠课');
    refused(await t().callRaw(k.update, { id: 'x' }, { token: org.seat.token }), 400, '');
    // another organisation: refused, nothing changed
    refused(await t().call(k.update, { id: orgEntry, title: '别家' }, { token: other.admin.token }), 404);
    refused(await t().call(k.delete, { id: orgEntry }, { token: other.admin.token }), 404);
    refused(await t().call(k.detail, { id: orgEntry }, { token: other.admin.token }), 404);
    expect(ok(await t().call(k.detail, { id: orgEntry }, { token: org.seat.token })).title).toBe('试听课收费吗');
    const gone = ok(
      await t().call(k.save, { base: 1, kind: 1, title: '临时', content: '删除我' }, { token: org.seat.token }),
    ).id;
    ok(await t().call(k.delete, { id: gone }, { token: org.seat.token }));
    refused(await t().call(k.detail, { id: gone }, { token: org.seat.token }), 404);
    refused(await t().callRaw(k.delete, {}, { token: org.seat.token }), 400, '');
  });

  it('upload: a .docx and a .pdf are parsed by the job into passages with their page; bad files are refused', async () => {
    const docx = docxOf(['退费规则：报名后七天内且未上满两次课可全额退费。', '赠送课时不退不折现。']);
    const up = await uploadDoc(t(), org.admin.token, '退费政策.docx', docx, 2);
    expect(up.code).toBe(1);
    const d = await parsed(t(), org.admin.token, up.data.id);
    expect(d).toMatchObject({
      status: 2,
      statusName: '已完成',
      kindName: '文档',
      fileName: '退费政策.docx',
      progress: 100,
    });
    expect(d.passages[0].text).toContain('全额退费');
    const pdf = pdfOf([['小班课每班六到八人。'], ['主讲老师均有教师资格证。']]);
    const p = await uploadDoc(t(), org.seat.token, '班型.pdf', pdf, 1);
    const pd = await parsed(t(), org.seat.token, p.data.id);
    expect(pd.passages.map((x) => [x.page, x.text])).toEqual([
      [1, '小班课每班六到八人。'],
      [2, '主讲老师均有教师资格证。'],
    ]);
    // a document not readable: 解析失败 with the reason
    const bad = await uploadDoc(t(), org.seat.token, '坏文件.pdf', Buffer.from('not a pdf'), 1);
    expect(await parsed(t(), org.seat.token, bad.data.id)).toMatchObject({
      status: 3,
      error: '文档无法读取：不是有效的 PDF 文件',
    });
    expect((await uploadDoc(t(), org.seat.token, 'a.exe', Buffer.from('x'))).msg).toBe(
      '仅支持 .docx、.pdf、.txt、.md、.xlsx 文件',
    );
    expect((await uploadDoc(t(), org.seat.token, 'a.txt', Buffer.from('x'), 2)).code).toBe(403);
    // another organisation's document is not seen
    refused(await t().call(k.detail, { id: up.data.id }, { token: other.admin.token }), 404);
  });

  it('search: jieba words find passages of both bases, with the matched words; another organisation finds nothing', async () => {
    const res = ok(await t().call(k.search, { question: '小班课每班几个人？' }, { token: org.seat.token }));
    expect(res.method).toBe('words');
    expect(res.passages[0]).toMatchObject({ page: 1, fileName: '班型.pdf', baseName: '个人知识库' });
    expect(res.passages[0].matched).toContain('小班');
    const refund = ok(await t().call(k.search, { question: '怎么退费', limit: 3 }, { token: org.otherSeat.token }));
    expect(refund.passages[0].title).toBe('退费政策');
    // the seat's personal pdf is not the other seat's
    expect(refund.passages.some((p) => p.fileName === '班型.pdf')).toBe(false);
    expect(ok(await t().call(k.search, { question: '怎么退费' }, { token: other.admin.token })).passages).toEqual([]);
    refused(await t().callRaw(k.search, { question: '' }, { token: org.seat.token }), 400, '请输入问题');
    refused(
      await t().callRaw(k.search, { question: 'x', limit: 99 }, { token: org.seat.token }),
      400,
      '条数不能大于 20',
    );
  });

  it('ask without a model: the best passages, highlighted; nothing found is a gap', async () => {
    const a = ok(await t().call(k.ask, { question: '试听课要钱吗' }, { token: org.seat.token }));
    expect(a).toMatchObject({ mode: 'passages', answer: null, notice: '未配置大模型，以下为最相关的知识原文' });
    expect(a.passages[0]).toMatchObject({ no: 1, title: '试听课收费吗' });
    expect(a.passages[0].matched.length).toBeGreaterThan(0);
    const none = ok(await t().call(k.ask, { question: '火星移民签证' }, { token: org.seat.token }));
    expect(none).toMatchObject({ mode: 'none', passages: [], notice: '知识库中没有找到相关内容' });
    const gaps = ok(await t().call(k.gaps, {}, { token: org.manager.token }));
    expect(gaps.lists.find((g) => g.questionId === none.questionId)).toMatchObject({
      reasonName: '无答案',
      userName: '坐席甲',
    });
    expect(ok(await t().call(k.gaps, {}, { token: other.admin.token })).total).toBe(0);
    refused(await t().callRaw(k.gaps, { reason: 5 }, { token: org.manager.token }), 400, '原因只能是 1、2');
    refused(await t().callRaw(k.ask, {}, { token: org.seat.token }), 400, '请输入问题');
  });

  it('ask with a model: cited answer; a citation not retrieved is removed; no valid citation falls back', async () => {
    ok(
      await t().call(
        contract.aiSetting.modelSave,
        { name: '知识库模型', baseUrl: `${llm.url}/v1`, model: 'fake-chat', timeoutMs: 10000, active: true },
        { token: org.admin.token },
      ),
    );
    llmAnswer = { answerable: true, answer: '首次试听免费 [1]。时长 45 分钟 [1]。' };
    const a = ok(await t().call(k.ask, { question: '试听课收费吗' }, { token: org.seat.token }));
    expect(a).toMatchObject({ mode: 'llm', answer: '首次试听免费 [1]。时长 45 分钟 [1]。', notice: null });
    expect(a.passages.map((p) => p.title)).toEqual(['试听课收费吗']);
    const prompt = JSON.parse(llm.requests.at(-1)!.body).messages[1].content as string;
    expect(prompt).toContain('[1] 试听课收费吗');

    llmAnswer = { answerable: true, answer: '首次试听免费 [1]。可以打五折 [9]。' };
    const repaired = ok(await t().call(k.ask, { question: '试听课收费吗' }, { token: org.seat.token }));
    expect(repaired).toMatchObject({
      mode: 'llm',
      answer: '首次试听免费 [1]。',
      notice: '回答中引用了未检索到的资料，相关内容已删除',
    });

    llmAnswer = { answerable: true, answer: '全部五折 [7]。' };
    const refusedAnswer = ok(await t().call(k.ask, { question: '试听课收费吗' }, { token: org.seat.token }));
    expect(refusedAnswer).toMatchObject({
      mode: 'passages',
      answer: null,
      notice: '大模型的回答没有可核实的引用，已改为展示知识原文',
    });

    llmAnswer = { answerable: false, answer: '资料中没有停车信息' };
    const cannot = ok(await t().call(k.ask, { question: '试听课停车收费吗' }, { token: org.seat.token }));
    expect(cannot.notice).toBe('知识库中的资料不足以回答这个问题');
    const gaps = ok(await t().call(k.gaps, { reason: 1 }, { token: org.admin.token }));
    expect(gaps.lists.map((g) => g.questionId)).toContain(cannot.questionId);
  });

  it('feedback: rate an own answer; managers see all ratings and the badly rated in the gaps', async () => {
    const a = ok(await t().call(k.ask, { question: '怎么退费' }, { token: org.seat.token }));
    ok(await t().call(k.feedbackSave, { questionId: a.questionId, useful: 1 }, { token: org.seat.token }));
    // a second rating replaces the first
    ok(
      await t().call(
        k.feedbackSave,
        { questionId: a.questionId, useful: 2, comment: '没说赠课怎么算' },
        { token: org.seat.token },
      ),
    );
    refused(
      await t().callRaw(k.feedbackSave, { questionId: a.questionId, useful: 3 }, { token: org.seat.token }),
      400,
      '评价只能是 1、2',
    );
    refused(
      await t().call(k.feedbackSave, { questionId: a.questionId, useful: 1 }, { token: org.otherSeat.token }),
      404,
      '问题不存在',
    );
    refused(await t().call(k.feedbackSave, { questionId: a.questionId, useful: 1 }, { token: other.admin.token }), 404);
    const mine = ok(await t().call(k.feedbackList, {}, { token: org.seat.token }));
    expect(mine.lists).toHaveLength(1);
    expect(mine.lists[0]).toMatchObject({ usefulName: '没用', comment: '没说赠课怎么算', question: '怎么退费' });
    expect(ok(await t().call(k.feedbackList, {}, { token: org.otherSeat.token })).total).toBe(0);
    expect(ok(await t().call(k.feedbackList, { useful: 2 }, { token: org.manager.token })).total).toBe(1);
    expect(ok(await t().call(k.feedbackList, {}, { token: other.admin.token })).total).toBe(0);
    refused(await t().callRaw(k.feedbackList, { useful: 'x' }, { token: org.seat.token }), 400, '');
    const gaps = ok(await t().call(k.gaps, { reason: 2 }, { token: org.manager.token }));
    expect(gaps.lists[0]).toMatchObject({ questionId: a.questionId, reasonName: '差评', comment: '没说赠课怎么算' });
  });
});

describe('knowledge bases with an embeddings endpoint', () => {
  const cfg = { baseUrl: 'http://127.0.0.2:1/v1', model: 'fake-embed' };
  const t = useTestApp(undefined, { knowledgeEmbeddings: cfg });
  let emb: FakeServer;
  // a fake meaning: a vector of which topic words the text holds
  const TOPICS = ['退', '价', '课', '师'];
  beforeAll(async () => {
    emb = await fakeServer((req) => {
      const { input } = JSON.parse(req.body) as { input: string[] };
      return {
        json: { data: input.map((s, index) => ({ index, embedding: TOPICS.map((w) => (s.includes(w) ? 1 : 0.01)) })) },
      };
    });
    cfg.baseUrl = `${emb.url}/v1`;
  });
  afterAll(() => emb?.close());

  it('passages get vectors by the job, and search ranks words and vectors together', async () => {
    const org = await t().newOrg();
    const id = ok(
      await t().call(
        k.save,
        { base: 1, kind: 3, title: '价格', content: '标准版每年一千二百元。' },
        { token: org.seat.token },
      ),
    ).id;
    for (let i = 0; i < 60 && !emb.requests.length; i++) await new Promise((r) => setTimeout(r, 250));
    await new Promise((r) => setTimeout(r, 500));
    expect(JSON.parse(emb.requests[0].body)).toMatchObject({ model: 'fake-embed' });
    const res = ok(await t().call(k.search, { question: '多少钱一年的价' }, { token: org.seat.token }));
    expect(res.method).toBe('words+vectors');
    expect(res.passages[0].entryId).toBe(id);
  });
});
