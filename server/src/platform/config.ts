import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadSecretsKey } from './secrets';

/** Everything the server reads from its environment, in one place. */
export interface Config {
  port: number;
  host: string;
  /**
   * TRUST_PROXY: which peers may set the client address by X-Forwarded-For. Off by default: the address is the socket's.
   * `true` trusts every peer, a list the addresses and CIDR ranges given, a number that many hops from this server
   * whatever their addresses (only safe when the server cannot be reached but through those proxies).
   */
  trustProxy: boolean | number | string[];
  dataDir: string;
  /** PostgreSQL when set; otherwise PGlite under dataDir (or in memory when dataDir is ':memory:'). */
  databaseUrl?: string;
  jwtSecret: Uint8Array;
  /** The installation key of secrets at rest (SECRETS_KEY, else DATA_DIR/.secrets-key; see platform/secrets.ts). */
  secretsKey: Buffer;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  seed: { enabled: boolean; password: string; admin1: string; admin2: string };
  /** OPERATOR_ACCOUNT and OPERATOR_PASSWORD: the installation operator created on start when it does not exist. */
  operatorBootstrap?: { account: string; password: string };
  /** Captcha required on every sign-in (otherwise after 3 failures of an account or IP in 15 minutes). */
  captchaAlways: boolean;
  /** Sign-in attempts allowed per minute for one account and for one IP address. */
  loginRateLimit: { perAccount: number; perIp: number };
  /** SHARE_LINK_LIMIT_PER_IP (default 60): lookups of shared board links allowed per minute from one IP address. */
  shareLinkLimitPerIp: number;
  /** The signed open API (modules/openapi): requests per key per minute, bearer token lifetime. */
  openApi: { requestsPerMinute: number; tokenTtlSeconds: number };
  /** API_DOCS=public: the API document (/api/docs) is served to anyone; otherwise only to a signed-in session. */
  apiDocsPublic: boolean;
  /** Image captchas one IP address may fetch per minute. */
  captchaRateLimit: { perIp: number };
  geetest?: { id: string; key: string; apiBase: string };
  sms: { provider: 'log' | 'aliyun' | 'tencent'; [key: string]: string };
  dingtalk?: { appKey: string; appSecret: string; apiBase: string };
  /** An external MQTT broker (MQTT_URL): every API process relays between it and its own /mqtt browsers. */
  mqtt?: MqttConfig;
  s3?: { endpoint: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string };
  /** Queues this process works: every queue, some (`WORKERS=asr,analysis`) or none (`WORKERS=none`, an API-only process). */
  workers: string[] | 'all';
  /** Tuning of the job queues (JOB_*): tests shorten the takeover of a dead worker's job; production keeps the defaults. */
  jobTuning: JobTuning;
  /**
   * DATABASE_POOL_MODE=transaction: PostgreSQL is reached through a pooler in transaction mode (PgBouncer):
   * statements are not prepared by name (a name lives on one server connection, which the next transaction may not get).
   */
  databasePoolMode: 'session' | 'transaction';
  /** Connections to PostgreSQL in this process's pool (DATABASE_POOL_SIZE, default 20). */
  databasePoolSize: number;
  /** HTTP limits: slow or huge clients cannot hold the server. */
  http: HttpLimits;
  /** Schema of the job tables (default pgboss). Test files on one PostgreSQL database each use their own. */
  jobsSchema: string;
  uploadLimitMb: number;
  /** AI_CHARGING=off: AI usage is not metered against the organisations' packs (an installation without billing). */
  aiCharging: boolean;
  /** Prices of the coaching packs bought from the balance, in fen: a practice minute, an assistant answer. */
  coachingPackPrices: { practice: number; assistant: number };
  /** Workers of the `analysis` queue in this process (ANALYSIS_CONCURRENCY, default 8). */
  analysisConcurrency: number;
  webDist: string;
  logLevel: string;
  /**
   * Enterprise WeCom: the egress addresses to whitelist (WECOM_EGRESS_IPS, comma-separated: a server cannot discover
   * its public address), this server's public address for the callback URL (PUBLIC_BASE_URL) and the first pause
   * after WeCom's rate limit 45009 (WECOM_BACKOFF_MS, default 1000; doubled on each retry).
   */
  wecom: { egressIps: string[]; publicBaseUrl: string; backoffMs: number };
  /** Real-time guidance (GUIDANCE_*, DASHSCOPE_*): its streaming ASR engine and the pace of its sessions. */
  guidance: GuidanceConfig;
}

export interface GuidanceConfig {
  /** GUIDANCE_ASR=funasr|dashscope; unset: no streaming engine (the screens say so). */
  asr: 'funasr' | 'dashscope' | null;
  /** GUIDANCE_FUNASR_URL: the FunASR runtime's online/2pass WebSocket server, e.g. ws://asr:10095. */
  funasrUrl: string;
  /** DASHSCOPE_API_KEY, DASHSCOPE_WS_URL (default wss://dashscope.aliyuncs.com/api-ws/v1/inference), GUIDANCE_DASHSCOPE_MODEL. */
  dashscope: { apiKey: string; wsUrl: string; model: string };
  /** GUIDANCE_IDLE_SECONDS (default 60): a session whose audio stopped this long is ended (a closed browser). */
  idleSeconds: number;
}

export function guidanceConfig(env: NodeJS.ProcessEnv): GuidanceConfig {
  const asr = env.GUIDANCE_ASR === 'funasr' || env.GUIDANCE_ASR === 'dashscope' ? env.GUIDANCE_ASR : null;
  return {
    asr,
    funasrUrl: env.GUIDANCE_FUNASR_URL ?? '',
    dashscope: {
      apiKey: env.DASHSCOPE_API_KEY ?? '',
      wsUrl: env.DASHSCOPE_WS_URL || 'wss://dashscope.aliyuncs.com/api-ws/v1/inference',
      model: env.GUIDANCE_DASHSCOPE_MODEL || 'paraformer-realtime-v2',
    },
    idleSeconds: positive(env.GUIDANCE_IDLE_SECONDS) ?? 60,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = env.DATA_DIR === ':memory:' ? ':memory:' : resolve(env.DATA_DIR ?? './data');
  if (dataDir !== ':memory:') mkdirSync(dataDir, { recursive: true });
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    trustProxy: trustProxy(env.TRUST_PROXY),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: jwtSecret(env, dataDir),
    secretsKey: loadSecretsKey(env, dataDir, workersOf(env.WORKERS) !== 'all'),
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL ?? 2 * 3600),
    refreshTokenTtlSeconds: Number(env.REFRESH_TOKEN_TTL ?? 30 * 24 * 3600),
    seed: {
      enabled: env.SEED !== 'false',
      password: env.SEED_PASSWORD ?? 'admin@123',
      admin1: env.SEED_ADMIN ?? 'admin',
      admin2: env.SEED_ADMIN2 ?? 'admin2',
    },
    operatorBootstrap:
      env.OPERATOR_ACCOUNT && env.OPERATOR_PASSWORD
        ? { account: env.OPERATOR_ACCOUNT, password: env.OPERATOR_PASSWORD }
        : undefined,
    captchaAlways: env.CAPTCHA_ALWAYS === 'true',
    loginRateLimit: {
      perAccount: Number(env.LOGIN_LIMIT_PER_ACCOUNT ?? 10),
      perIp: Number(env.LOGIN_LIMIT_PER_IP ?? 300),
    },
    shareLinkLimitPerIp: positive(env.SHARE_LINK_LIMIT_PER_IP) ?? 60,
    openApi: {
      requestsPerMinute: positive(env.OPENAPI_REQUESTS_PER_MINUTE) ?? 600,
      tokenTtlSeconds: positive(env.OPENAPI_TOKEN_TTL_SECONDS) ?? 900,
    },
    apiDocsPublic: env.API_DOCS === 'public',
    captchaRateLimit: { perIp: Number(env.CAPTCHA_LIMIT_PER_IP ?? 20) },
    geetest: env.GEETEST_ID
      ? { id: env.GEETEST_ID, key: env.GEETEST_KEY ?? '', apiBase: env.GEETEST_API ?? 'https://api.geetest.com' }
      : undefined,
    sms: smsConfig(env),
    dingtalk: env.DINGTALK_APP_KEY
      ? {
          appKey: env.DINGTALK_APP_KEY,
          appSecret: env.DINGTALK_APP_SECRET ?? '',
          apiBase: env.DINGTALK_API ?? 'https://oapi.dingtalk.com',
        }
      : undefined,
    mqtt: mqttConfig(env),
    s3: env.S3_ENDPOINT
      ? {
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION ?? 'us-east-1',
          bucket: env.S3_BUCKET ?? 'crm',
          accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
        }
      : undefined,
    workers: workersOf(env.WORKERS),
    jobTuning: {
      heartbeatSeconds: positive(env.JOB_HEARTBEAT_SECONDS),
      superviseSeconds: positive(env.JOB_SUPERVISE_SECONDS),
      pollingSeconds: Math.max(0.5, Number(env.JOB_POLLING_SECONDS) || 0.5),
      schedules: env.JOB_SCHEDULES !== 'off',
    },
    databasePoolMode: env.DATABASE_POOL_MODE === 'transaction' ? 'transaction' : 'session',
    databasePoolSize: positive(env.DATABASE_POOL_SIZE) ?? 20,
    http: {
      bodyLimitBytes: (positive(env.BODY_LIMIT_MB) ?? 10) * 1024 * 1024,
      requestTimeoutMs: (positive(env.REQUEST_TIMEOUT_SECONDS) ?? 300) * 1000,
      connectionTimeoutMs: (positive(env.CONNECTION_TIMEOUT_SECONDS) ?? 30) * 1000,
      keepAliveTimeoutMs: (positive(env.KEEP_ALIVE_SECONDS) ?? 72) * 1000,
      maxRequestsPerSocket: positive(env.MAX_REQUESTS_PER_SOCKET) ?? 0,
    },
    jobsSchema: env.JOBS_SCHEMA || 'pgboss',
    uploadLimitMb: Number(env.UPLOAD_LIMIT_MB ?? 500),
    aiCharging: env.AI_CHARGING !== 'off',
    coachingPackPrices: {
      practice: Math.max(0, Math.round(Number(env.PRACTICE_PACK_PRICE_FEN ?? 20) || 0)),
      assistant: Math.max(0, Math.round(Number(env.ASSISTANT_PACK_PRICE_FEN ?? 5) || 0)),
    },
    analysisConcurrency: Math.max(1, Number(env.ANALYSIS_CONCURRENCY) || 8),
    webDist: resolve(env.WEB_DIST ?? join(import.meta.dirname, '../../../web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    wecom: {
      egressIps: (env.WECOM_EGRESS_IPS ?? '')
        .split(',')
        .map((ip) => ip.trim())
        .filter(Boolean),
      publicBaseUrl: (env.PUBLIC_BASE_URL ?? '').replace(/\/+$/, ''),
      backoffMs: Number(env.WECOM_BACKOFF_MS ?? 1000),
    },
    guidance: guidanceConfig(env),
  };
}

export interface JobTuning {
  /** JOB_HEARTBEAT_SECONDS (>= 10): replaces every queue's heartbeat, i.e. how soon a dead worker's job is retried. */
  heartbeatSeconds?: number;
  /** JOB_SUPERVISE_SECONDS: how often a process looks for jobs whose worker stopped beating (pg-boss default 60). */
  superviseSeconds?: number;
  /** JOB_POLLING_SECONDS (>= 0.5, default 0.5): a worker's pause between fetches of an empty queue. */
  pollingSeconds: number;
  /**
   * JOB_SCHEDULES=off: the cron schedules (drop-in, reminder and call sweeps) are not set. The API tests run their
   * handlers by hand: a sweep that fired by the clock in the middle of a test would decide what it sees.
   */
  schedules?: boolean;
}

export interface HttpLimits {
  /** BODY_LIMIT_MB (default 10): largest JSON or form body; uploads have UPLOAD_LIMIT_MB. */
  bodyLimitBytes: number;
  /** REQUEST_TIMEOUT_SECONDS (default 300, an upload of hundreds of MB): the whole request, headers and body, must arrive within it (Node's requestTimeout). */
  requestTimeoutMs: number;
  /** CONNECTION_TIMEOUT_SECONDS (default 30): a socket with nothing happening is closed (headers must arrive within it too). */
  connectionTimeoutMs: number;
  /** KEEP_ALIVE_SECONDS (default 72): idle keep-alive connections; longer than a load balancer's 60 s idle timeout. */
  keepAliveTimeoutMs: number;
  /** MAX_REQUESTS_PER_SOCKET (default 0, unlimited). */
  maxRequestsPerSocket: number;
}

/** WORKERS: unset, empty or `all` every queue; `none` none; else the names (a name also covers `name.sub`). */
export function workersOf(value: string | undefined): Config['workers'] {
  const v = value?.trim();
  if (!v || v === 'all') return 'all';
  if (v === 'none') return [];
  return v
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
}

function positive(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : undefined;
}

/** TRUST_PROXY: unset, empty or `false` off; `true`; a hop count (`1`); or addresses and CIDRs (`127.0.0.1,10.0.0.0/8`). */
export function trustProxy(value: string | undefined): Config['trustProxy'] {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v) || false;
  return v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

export interface MqttConfig {
  /** mqtt://, mqtts:// (TLS), ws:// or wss:// */
  url: string;
  username?: string;
  password?: string;
  /** MQTT_CA_FILE: a PEM file of the CA that signed the broker's certificate (a private CA). */
  caFile?: string;
  /** MQTT_REJECT_UNAUTHORIZED=false accepts a broker certificate that does not verify (testing only). */
  rejectUnauthorized: boolean;
  /**
   * MQTT_ALLOW_ANONYMOUS_BROKER=true: start even though the broker accepts clients with no credentials (who can then
   * read every organisation's messages; what they publish is still dropped). Otherwise such a broker stops the start.
   */
  allowAnonymousBroker: boolean;
}

function mqttConfig(env: NodeJS.ProcessEnv): MqttConfig | undefined {
  if (!env.MQTT_URL) return undefined;
  return {
    url: env.MQTT_URL,
    username: env.MQTT_USERNAME || undefined,
    password: env.MQTT_PASSWORD || undefined,
    caFile: env.MQTT_CA_FILE || undefined,
    rejectUnauthorized: env.MQTT_REJECT_UNAUTHORIZED !== 'false',
    allowAnonymousBroker: env.MQTT_ALLOW_ANONYMOUS_BROKER === 'true',
  };
}

function smsConfig(env: NodeJS.ProcessEnv): Config['sms'] {
  const provider = (env.SMS_PROVIDER ?? 'log') as Config['sms']['provider'];
  return {
    provider,
    accessKeyId: env.SMS_ACCESS_KEY_ID ?? '',
    accessKeySecret: env.SMS_ACCESS_KEY_SECRET ?? '',
    signName: env.SMS_SIGN_NAME ?? '',
    templateCode: env.SMS_TEMPLATE_CODE ?? '',
    sdkAppId: env.SMS_SDK_APP_ID ?? '',
    endpoint: env.SMS_ENDPOINT ?? '',
    region: env.SMS_REGION ?? 'ap-guangzhou',
  };
}

/** JWT_SECRET from the environment; else one generated once and kept in DATA_DIR (the embedded shape). */
function jwtSecret(env: NodeJS.ProcessEnv, dataDir: string): Uint8Array {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  if (dataDir === ':memory:') return randomBytes(32);
  const file = join(dataDir, '.jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}
