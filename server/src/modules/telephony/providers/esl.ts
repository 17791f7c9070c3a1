import { EventEmitter } from 'node:events';
import { connect, type Socket } from 'node:net';
import { OUTBOUND_MESSAGES, OutboundError, resolveAllowed } from '../../../platform/outbound';

const WRONG_PASSWORD = 'FreeSWITCH 事件接口密码错误';

/**
 * A client of FreeSWITCH's event socket (mod_event_socket, inbound mode): `auth`, `event plain …`, `api` and `bgapi`
 * commands, and the plain-text events. Messages are header blocks ended by a blank line, followed by a body of
 * Content-Length bytes; replies to commands arrive in the order the commands were sent.
 */
export type EslHeaders = Record<string, string>;

export interface EslMessage {
  headers: EslHeaders;
  body: string;
}

export interface EslOptions {
  host: string;
  port: number;
  password: string;
  timeoutMs?: number;
  /**
   * The host is an organisation's choice: it passes the outbound-address policy (platform/outbound.ts) and failures
   * have one fixed text (a closed port and a filtered one look alike). Off for the environment's FS_ESL_HOST.
   */
  policy?: boolean;
}

/** Parses a header block ("Name: value" lines); event bodies url-encode their values. */
export function parseHeaders(text: string, decode = false): EslHeaders {
  const out: EslHeaders = {};
  for (const line of text.split('\n')) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const v = line.slice(i + 1).trim();
    let value = v;
    if (decode)
      try {
        value = decodeURIComponent(v);
      } catch {}
    out[line.slice(0, i).trim()] = value;
  }
  return out;
}

export class EslConnection extends EventEmitter {
  private buffer = Buffer.alloc(0);
  private readonly pending: { resolve: (m: EslMessage) => void; reject: (e: Error) => void }[] = [];
  closed = false;

  private constructor(private readonly socket: Socket) {
    super();
    socket.on('data', (d) => this.onData(d));
    socket.on('close', () => this.onClose(new Error('FreeSWITCH 事件连接已断开')));
    socket.on('error', (e) => this.onClose(e));
  }

  /** Connects and authenticates; rejects with a Chinese message on a refused password or an unreachable host. */
  static async connect(opts: EslOptions): Promise<EslConnection> {
    if (!opts.policy) return EslConnection.open(opts, opts.host);
    const host = await resolveAllowed(opts.host, opts.port);
    return EslConnection.open(opts, host).catch((e: Error) => {
      throw e.message === WRONG_PASSWORD
        ? e
        : new OutboundError('network', `无法连接 FreeSWITCH：${OUTBOUND_MESSAGES.network}`);
    });
  }

  private static open(opts: EslOptions, host: string): Promise<EslConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port: opts.port });
      const conn = new EslConnection(socket);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`连接 FreeSWITCH ${opts.host}:${opts.port} 超时`));
      }, opts.timeoutMs ?? 5000);
      socket.once('error', (e) => {
        clearTimeout(timer);
        reject(new Error(`无法连接 FreeSWITCH ${opts.host}:${opts.port}：${e.message}`));
      });
      conn.once('auth-request', async () => {
        try {
          const reply = await conn.command(`auth ${opts.password}`);
          clearTimeout(timer);
          if (!reply.headers['Reply-Text']?.startsWith('+OK')) {
            socket.destroy();
            reject(new Error(WRONG_PASSWORD));
            return;
          }
          resolve(conn);
        } catch (e) {
          clearTimeout(timer);
          reject(e as Error);
        }
      });
    });
  }

  /** Sends a command and waits for its command/reply or api/response. */
  command(text: string, withHeaders = false): Promise<EslMessage> {
    if (this.closed) return Promise.reject(new Error('FreeSWITCH 事件连接已断开'));
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject });
      this.socket.write(`${withHeaders ? text : text.replace(/\n/g, ' ')}\n\n`);
    });
  }

  /** `api`: the command's output (body). */
  async api(cmd: string): Promise<string> {
    return (await this.command(`api ${cmd}`)).body;
  }

  /**
   * `bgapi`: the result comes as a BACKGROUND_JOB event carrying `jobUuid`. The caller chooses the Job-UUID (sent as a
   * header) so that it knows the job before the event can arrive: FreeSWITCH may send the event in the same packet as
   * the command's reply.
   */
  async bgapi(cmd: string, jobUuid: string): Promise<string> {
    const reply = await this.command(`bgapi ${cmd.replace(/\n/g, ' ')}\nJob-UUID: ${jobUuid}`, true);
    const text = reply.headers['Reply-Text'] ?? '';
    if (!text.startsWith('+OK')) throw new Error(`FreeSWITCH 拒绝命令：${text}`);
    return reply.headers['Job-UUID'] ?? text.replace(/^\+OK Job-UUID:\s*/, '');
  }

  subscribe(events: string[]): Promise<EslMessage> {
    return this.command(`event plain ${events.join(' ')}`);
  }

  close(): void {
    this.closed = true;
    this.socket.end();
    this.socket.destroy();
  }

  private onClose(err: Error) {
    if (this.closed && !this.pending.length) {
      this.emit('close');
      return;
    }
    this.closed = true;
    for (const p of this.pending.splice(0)) p.reject(err);
    this.emit('close', err);
  }

  private onData(chunk: Buffer) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    while (true) {
      const end = this.buffer.indexOf('\n\n');
      if (end < 0) return;
      const headers = parseHeaders(this.buffer.subarray(0, end).toString('utf8'));
      const length = Number(headers['Content-Length'] ?? 0);
      if (this.buffer.length < end + 2 + length) return;
      const body = this.buffer.subarray(end + 2, end + 2 + length).toString('utf8');
      this.buffer = this.buffer.subarray(end + 2 + length);
      this.dispatch({ headers, body });
    }
  }

  private dispatch(msg: EslMessage) {
    const type = msg.headers['Content-Type'];
    if (type === 'auth/request') this.emit('auth-request');
    else if (type === 'command/reply' || type === 'api/response') this.pending.shift()?.resolve(msg);
    else if (type === 'text/event-plain') {
      const split = msg.body.indexOf('\n\n');
      const head = split >= 0 ? msg.body.slice(0, split) : msg.body;
      const event = parseHeaders(head, true);
      const bodyLength = Number(event['Content-Length'] ?? 0);
      const eventBody = bodyLength && split >= 0 ? msg.body.slice(split + 2, split + 2 + bodyLength) : '';
      this.emit('event', event, eventBody);
    } else if (type === 'text/disconnect-notice') this.close();
  }
}
