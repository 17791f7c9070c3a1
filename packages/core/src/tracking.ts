/**
 * The usage-tracking client of spec part 1 sections 4, 5 and 9 and part 2 section 4: a state machine
 * (idle → pending → success | failed) that buffers events until its credentials arrive.
 */
import { type Clock, type ClockDeps, clockOf } from './clock';

export const TRACKING_TOPIC = 'crm_tracking';
export const TRACKING_APP = 'XSB-CRM';
export const TRACKING_FIRST_ATTEMPT_MS = 2_000;
export const TRACKING_REFRESH_BEFORE_MS = 60_000;
export const TRACKING_REINIT_BEFORE_MS = 120_000;
export const TRACKING_RETRY_MS = 1_000;
/** Events kept while tracking cannot send (no credentials yet, STS down): the oldest go first beyond this. */
export const TRACKING_BUFFER_MAX = 500;
export const INCOMPLETE_CREDENTIALS = '授权信息不完整';

export type TrackingState = 'idle' | 'pending' | 'success' | 'failed';

export interface TrackingCredentials {
  project: string;
  logStore: string;
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  securityToken: string;
  /** Expiry, epoch ms. */
  expiration: number;
}

export interface TrackingEvent {
  eventType: string;
  userAgent: string;
  time: number;
  userId: string | number | null;
  url: string;
  device: 'mobile' | 'pc';
  [k: string]: unknown;
}

const MOBILE_RE = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile|HarmonyOS/i;

export function deviceType(userAgent: string): 'mobile' | 'pc' {
  return MOBILE_RE.test(userAgent) ? 'mobile' : 'pc';
}

/** Captcha client flag: 3 on mobile, otherwise 0. */
export function captchaClientType(userAgent: string): 3 | 0 {
  return deviceType(userAgent) === 'mobile' ? 3 : 0;
}

/** Errors of the log service that mean the credentials are no longer good. */
export const AUTH_ERROR_CODES = [
  'Unauthorized',
  'InvalidAccessKeyId',
  'SecurityTokenExpired',
  'InvalidSecurityToken',
  'TokenExpired',
];

export function isAuthError(err: unknown): boolean {
  const code =
    (err as { code?: string; errorCode?: string } | null)?.code ?? (err as { errorCode?: string } | null)?.errorCode;
  return !!code && AUTH_ERROR_CODES.includes(code);
}

/** What GET /buriedPoint/auth answers: the credential set of spec part 1 section 3, or why tracking is off. */
export type TrackingAuth = ({ enabled: true } & TrackingCredentials) | { enabled: false; reason: string };

export function checkCredentials(c: Partial<TrackingCredentials> | null | undefined): TrackingCredentials {
  const keys: (keyof TrackingCredentials)[] = [
    'project',
    'logStore',
    'endpoint',
    'accessKeyId',
    'accessKeySecret',
    'securityToken',
    'expiration',
  ];
  if (!c || keys.some((k) => c[k] === undefined || c[k] === null || c[k] === ''))
    throw new Error(INCOMPLETE_CREDENTIALS);
  return c as TrackingCredentials;
}

export interface TrackingDeps extends ClockDeps {
  fetchCredentials(): Promise<Partial<TrackingCredentials> | null>;
  send(events: TrackingEvent[], credentials: TrackingCredentials): Promise<void>;
  /** Tracking runs only for a user with an organisation, off the login path. */
  enabled(): boolean;
  /** Events are dropped when a role is stored. */
  roleStored(): boolean;
  userId(): string | number | null;
  url(): string;
  userAgent: string;
}

export class TrackingClient {
  state: TrackingState = 'idle';
  buffer: TrackingEvent[] = [];
  private credentials: TrackingCredentials | null = null;
  private reinitTimer: unknown;
  private readonly clock: Clock;

  constructor(private readonly deps: TrackingDeps) {
    this.clock = clockOf(deps);
  }

  /** The first attempt, 2 s after load. */
  start(): void {
    this.clock.setTimer(() => {
      if (this.state === 'idle' && this.deps.enabled()) void this.init();
    }, TRACKING_FIRST_ATTEMPT_MS);
  }

  /** Fetches credentials; incomplete ones fail quietly (state failed). */
  async init(): Promise<void> {
    if (this.state === 'pending') return;
    this.state = 'pending';
    try {
      this.credentials = checkCredentials(await this.deps.fetchCredentials());
    } catch {
      this.state = 'failed';
      this.credentials = null;
      return;
    }
    this.state = 'success';
    this.scheduleReinit();
    const queued = this.buffer;
    this.buffer = [];
    if (queued.length) await this.deliver(queued);
  }

  private scheduleReinit(): void {
    if (this.reinitTimer !== undefined) this.clock.clearTimer(this.reinitTimer);
    if (!this.credentials) return;
    // setTimeout takes at most 2^31-1 ms (about 24.8 days); a longer wait would fire at once.
    const wait = Math.min(
      2 ** 31 - 1,
      Math.max(0, this.credentials.expiration - this.clock.now() - TRACKING_REINIT_BEFORE_MS),
    );
    this.reinitTimer = this.clock.setTimer(() => {
      this.state = 'idle';
      void this.init();
    }, wait);
  }

  /** Records an event: dropped when a role is stored or tracking is off; buffered until initialised. */
  track(eventType: string, extra: Record<string, unknown> = {}): void {
    if (this.deps.roleStored() || !this.deps.enabled()) return;
    const event: TrackingEvent = {
      ...extra,
      eventType,
      userAgent: this.deps.userAgent,
      time: this.clock.now(),
      userId: this.deps.userId(),
      url: this.deps.url(),
      device: deviceType(this.deps.userAgent),
    };
    if (this.state !== 'success' || !this.credentials) {
      this.queue([event]);
      if (this.state === 'idle' || this.state === 'failed') void this.init();
      return;
    }
    void this.deliver([event]);
  }

  private queue(events: TrackingEvent[]): void {
    this.buffer.push(...events);
    if (this.buffer.length > TRACKING_BUFFER_MAX) this.buffer.splice(0, this.buffer.length - TRACKING_BUFFER_MAX);
  }

  private async deliver(events: TrackingEvent[], retried = false): Promise<void> {
    // Credentials are refreshed 60 s before they expire.
    if (this.credentials && this.credentials.expiration - this.clock.now() <= TRACKING_REFRESH_BEFORE_MS) {
      this.queue(events);
      this.state = 'idle';
      await this.init();
      return;
    }
    try {
      await this.deps.send(events, this.credentials!);
    } catch (err) {
      if (isAuthError(err)) {
        this.state = 'idle';
        this.credentials = null;
        this.queue(events);
        await this.init();
        return;
      }
      if (!retried) this.clock.setTimer(() => void this.deliver(events, true), TRACKING_RETRY_MS);
    }
  }
}
