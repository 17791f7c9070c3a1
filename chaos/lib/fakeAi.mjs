// A fake OpenAI-compatible server (speech-to-text and chat) whose answers can be held back: a test holds them,
// waits until a worker is in the middle of a request, kills the worker, then lets the answers go.
import { createServer } from 'node:http';

export async function startFakeAi() {
  let held = false;
  const waiting = [];
  const requests = { transcriptions: 0, chat: 0 };
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const kind = req.url.includes('/audio/transcriptions')
      ? 'transcriptions'
      : req.url.includes('/chat/')
        ? 'chat'
        : null;
    if (!kind) {
      res.writeHead(404).end();
      return;
    }
    requests[kind]++;
    if (held) await new Promise((r) => waiting.push(r));
    if (res.destroyed) return;
    const body =
      kind === 'transcriptions'
        ? {
            text: '您好，我想了解一下课程。好的，我今天就报名。',
            duration: 2,
            segments: [
              { start: 0, end: 0.9, text: '您好，我想了解一下课程价格。' },
              { start: 1, end: 1.9, text: '好的，那我今天就报名，你把合同发给我。' },
            ],
          }
        : {
            id: 'fake',
            choices: [
              {
                index: 0,
                message: {
                  role: 'assistant',
                  content: JSON.stringify({
                    summary: '客户有意报名，需跟进合同。',
                    intention: 'strong',
                    intentionDegree: 90,
                    aiLabels: [1],
                    fields: [],
                  }),
                },
              },
            ],
          };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise((r) => server.listen(0, '127.0.0.2', r));
  const url = `http://127.0.0.2:${server.address().port}`;
  return {
    url,
    requests,
    hold() {
      held = true;
    },
    release() {
      held = false;
      for (const r of waiting.splice(0)) r();
    },
    close: () =>
      new Promise((r) => {
        held = false;
        for (const w of waiting.splice(0)) w();
        server.closeAllConnections?.();
        server.close(r);
      }),
  };
}
