import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvRows, formatOf, htmlText, parseExport, parseText, typeOf } from './parse';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));

describe('chat history exports', () => {
  it('reads a .txt export: header lines, multi-line messages, placeholders', async () => {
    const m = await parseExport('txt', fixture('chat.txt'));
    expect(m.map((x) => x.sender)).toEqual(['李顾问', '王女士', '李顾问', '王女士', '李顾问', '王女士']);
    expect(m[1]).toEqual({
      sender: '王女士',
      time: '2024-03-01 10:02:15',
      type: 'text',
      content: '你好，这个课一学期多少钱？\n有没有优惠',
    });
    expect(m[2]).toMatchObject({ type: 'image', content: '' });
    expect(m[3]).toMatchObject({ type: 'voice', content: '我再和孩子爸爸商量一下' });
    expect(m[5]).toMatchObject({ time: '2024-03-01 10:07:30', content: '行，周六上午10点见' });
  });

  it('reads a .csv export (WeChatMsg columns): types, recalls, quoted fields', async () => {
    const m = await parseExport('csv', fixture('chat.csv'));
    expect(m.map((x) => x.type)).toEqual(['text', 'text', 'image', 'file', 'recall', 'text']);
    expect(m[1]).toEqual({
      sender: '陈先生',
      time: '2024-03-01 10:01:02',
      type: 'text',
      content: '你们的重疾险和平安的比怎么样，别家便宜多了',
    });
    expect(m[3].content).toBe('产品说明书.pdf');
    expect(m[4].content).toBe('"小张" 撤回了一条消息');
  });

  it('reads an .html export (sender before time, entities, images)', async () => {
    const m = await parseExport('html', fixture('chat.html'));
    expect(m).toHaveLength(4);
    expect(m[0]).toEqual({
      sender: '赵经理',
      time: '2024-03-02 14:20:00',
      type: 'text',
      content: '刘总您好，装修方案已经发您邮箱了',
    });
    expect(m[1].content).toBe('收到，报价能不能再便宜点&送个全屋清洁？');
    expect(m[2].type).toBe('image');
    expect(m[3]).toMatchObject({ sender: '刘总', content: '不需要了，我们已经签了别家' });
  });

  it('reads a .docx export through mammoth', async () => {
    const m = await parseExport('docx', fixture('chat.docx'));
    expect(m.map((x) => [x.sender, x.time])).toEqual([
      ['周老师', '2024-03-03 09:00:00'],
      ['孙同学', '2024-03-03 09:05:30'],
      ['周老师', '2024-03-03 09:06:00'],
      ['孙同学', '2024-03-03 09:10:00'],
    ]);
    expect(m[3].content).toBe('明天下午我过来面谈吧');
  });

  it('reads one-line messages, Chinese dates and senders with the time in brackets', () => {
    expect(parseText('2024-03-01 10:00 小王：你好\n张三(2024年3月2日 8:05:09):\n在吗')).toEqual([
      { sender: '小王', time: '2024-03-01 10:00:00', type: 'text', content: '你好' },
      { sender: '张三', time: '2024-03-02 08:05:09', type: 'text', content: '在吗' },
    ]);
    expect(parseText('no chat here\n2024-13-45 10:00 x\nhello')).toEqual([]);
  });

  it('types, CSV rows, HTML text and formats', () => {
    expect(typeOf('[文件] 合同.pdf')).toEqual({ type: 'file', content: '合同.pdf' });
    expect(typeOf('"张三" 撤回了一条消息').type).toBe('recall');
    expect(csvRows('a,"b,c","d""e"\r\n\r\n1,"2\n3",4')).toEqual([
      ['a', 'b,c', 'd"e'],
      ['1', '2\n3', '4'],
    ]);
    expect(htmlText('<p>a&nbsp;&#x4f60;&#22909;</p><script>x</script>')).toBe('\na 你好\n');
    expect(formatOf('记录.HTM')).toBe('html');
    expect(formatOf('记录.pdf')).toBeNull();
  });
});
