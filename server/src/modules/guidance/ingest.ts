import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type AudioEvent, GUIDANCE_AUDIO_PATH, GuidanceSpeaker } from '@crm/core/contract/guidance';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { AppContext } from '../../platform/context';
import { type AsrStream, PacedStream, type StreamingAsr } from './asr';
import type { GuidanceSessions, LiveRef } from './sessions';

/** How often (at most) a stream's arriving audio is written down as the session's sign of life. */
const TOUCH_MS = 5000;
/** The largest audio frame accepted (1 s of 16 kHz PCM is 32 KB). */
const MAX_FRAME = 256 * 1024;

interface LiveStream {
  finish(): Promise<void>;
}

/**
 * The audio of live sessions: a WebSocket per speaker at GUIDANCE_AUDIO_PATH (`?sessionId=&speaker=agent|customer
 * &token=`), served on the API's HTTP server. The token is the user's access token, checked as every call checks it
 * (a live session, the guidance sign); the session must be the user's own, in their organisation, in progress.
 * Binary frames are 16-bit PCM at the session's sample rate, forwarded to the streaming engine at real-time pace; the
 * socket answers AudioEvent JSON (partial text, sentences); a text frame `{"type":"end"}` finishes the stream.
 */
export class AudioIngest {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME });
  private readonly live = new Map<number, Set<LiveStream>>();

  constructor(
    private readonly ctx: AppContext,
    private readonly asr: StreamingAsr | null,
    private readonly sessions: () => GuidanceSessions,
  ) {}

  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (!req.url?.startsWith(GUIDANCE_AUDIO_PATH)) return;
      this.accept(req, socket, head).catch((err) => {
        this.ctx.app.log.warn({ err }, 'guidance audio refused');
        refuse(socket, 500, 'Internal Server Error');
      });
    });
  }

  /** Finishes this process's streams of a session (it was ended). */
  async closeSession(sessionId: number): Promise<void> {
    const streams = [...(this.live.get(sessionId) ?? [])];
    await Promise.all(streams.map((s) => s.finish()));
  }

  private async accept(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '', 'http://local');
    const token = url.searchParams.get('token') ?? '';
    const sessionId = Number(url.searchParams.get('sessionId'));
    const speaker = GuidanceSpeaker.safeParse(url.searchParams.get('speaker'));
    if (!Number.isInteger(sessionId) || sessionId <= 0 || !speaker.success) return refuse(socket, 400, 'Bad Request');
    let claims: Awaited<ReturnType<AppContext['tokens']['verifyAccess']>>;
    try {
      claims = await this.ctx.tokens.verifyAccess(token);
    } catch {
      return refuse(socket, 401, 'Unauthorized');
    }
    const session = await this.ctx.services.account.loadSession(claims);
    if (!session) return refuse(socket, 401, 'Unauthorized');
    if (!session.isSuperAdmin && !session.signs.has('guidance:use')) return refuse(socket, 403, 'Forbidden');
    const row = await this.sessions().live(session.orgId, session.userId, sessionId);
    if (!row) return refuse(socket, 404, 'Not Found');
    if (!this.asr) return refuse(socket, 503, 'Service Unavailable');
    const ref: LiveRef = { orgId: session.orgId, userId: session.userId, sessionId };
    this.wss.handleUpgrade(req, socket, head, (ws) =>
      this.serve(ws, ref, speaker.data, row.sampleRate as 8000 | 16000),
    );
  }

  private serve(ws: WebSocket, ref: LiveRef, speaker: GuidanceSpeaker, sampleRate: 8000 | 16000) {
    const sessions = this.sessions();
    const say = (e: AudioEvent) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(e));
    };
    const pending: Buffer[] = [];
    let paced: PacedStream | null = null;
    // well within the idle time, so that a session with audio flowing is never taken for gone
    const touchMs = Math.min(TOUCH_MS, (this.ctx.config.guidance.idleSeconds * 1000) / 3);
    let lastTouch = 0;
    let ending: Promise<void> | null = null;
    const entry: LiveStream = {
      finish: () => {
        ending ??= (async () => {
          await paced?.finish().catch(() => undefined);
          paced?.close();
          this.live.get(ref.sessionId)?.delete(entry);
          if (ws.readyState === ws.OPEN) ws.close(1000, 'ended');
        })();
        return ending;
      },
    };
    const set = this.live.get(ref.sessionId) ?? new Set();
    this.live.set(ref.sessionId, set.add(entry));

    let chain = Promise.resolve();
    this.asr!.open(
      { sampleRate, name: `guidance-${ref.sessionId}-${speaker}`, hotwords: [] },
      {
        partial: (text) => say({ type: 'partial', speaker, text }),
        // sentences are checked in the order they were said
        sentence: (s) => {
          chain = chain
            .then(async () => {
              const id = await sessions.onSentence(ref, speaker, s);
              say({ type: 'sentence', speaker, id, ...s });
            })
            .catch((err) => this.ctx.app.log.error({ err, sessionId: ref.sessionId }, 'guidance sentence failed'));
        },
        error: (err) => {
          say({ type: 'error', msg: err.message });
          ws.close(1011, 'asr failed');
        },
      },
    ).then(
      (stream: AsrStream) => {
        if (ending || ws.readyState !== ws.OPEN) return stream.close();
        paced = new PacedStream(stream, sampleRate);
        for (const b of pending.splice(0)) paced.send(b);
      },
      (err: Error) => {
        say({ type: 'error', msg: err.message });
        ws.close(1011, 'asr unavailable');
      },
    );

    ws.on('message', (data: RawData, isBinary) => {
      if (!isBinary) {
        if (data.toString().includes('"end"')) void entry.finish();
        return;
      }
      const pcm = Buffer.isBuffer(data) ? data : Buffer.concat(data as Buffer[]);
      if (paced) paced.send(pcm);
      else pending.push(pcm);
      const now = Date.now();
      if (now - lastTouch > touchMs) {
        lastTouch = now;
        sessions.touch(ref).catch(() => undefined);
      }
    });
    ws.on('close', () => {
      void entry
        .finish()
        .then(() => sessions.touch(ref))
        .then(() => sessions.scheduleExpiry(ref.orgId, ref.sessionId))
        .catch(() => undefined);
    });
  }
}

function refuse(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
