import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer (@fastify/helmet): HSTS, nosniff, frame and referrer policies, and a content
 * security policy that the web app passes (the e2e run fails on any violation the browser reports):
 * - scripts only from this origin (Vite emits module files, nothing inline);
 * - styles from this origin and inline: antd 6 writes its CSS-in-JS as <style> elements at run time (a nonce would
 *   need index.html rendered per request and handed to antd's ConfigProvider; inline styles cannot run script);
 * - images and media from this origin, data: (the captcha's SVG) and blob: (downloads, local previews);
 * - connections to this origin (the API and /mqtt over WebSocket) and, where usage tracking is configured, Aliyun SLS;
 *   CSP_CONNECT_SRC adds more (a VITE_MQTT_URL broker on another host);
 * - framing by this origin only, unless FRAME_ANCESTORS names the systems that embed pages (the iframe routes).
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...connectSources(env)],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: frameAncestors(env),
      },
    },
    // pages embedded by other systems (FRAME_ANCESTORS) are governed by frame-ancestors, which supersedes this
    frameguard: env.FRAME_ANCESTORS ? false : { action: 'sameorigin' },
    // recordings and images are fetched by this origin's pages only; shared call links open on this origin too
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // DingTalk sign-in returns by redirect, not by a popup talking to its opener
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // HSTS only means something over HTTPS; browsers ignore it on plain HTTP
    strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

function connectSources(env: NodeJS.ProcessEnv): string[] {
  const out = (env.CSP_CONNECT_SRC ?? '').split(/[\s,]+/).filter(Boolean);
  // the browser posts usage events to https://<project>.<endpoint> (web/src/tracking/sls.ts)
  const sls = env.TRACKING_SLS_ENDPOINT?.replace(/^https?:\/\//, '').replace(/\/+$/, '');
  if (sls) out.push(`https://*.${sls}`, `http://*.${sls}`);
  // the softphone (/main/sipPhone) registers to the PBX over WebSocket; an organisation that sets its own PBX address
  // in 坐席管理 needs it in CSP_CONNECT_SRC too
  const sip = originOf(env.SIP_WS_URL);
  if (sip) out.push(sip);
  return out;
}

function frameAncestors(env: NodeJS.ProcessEnv): string[] {
  const extra = (env.FRAME_ANCESTORS ?? '').split(/[\s,]+/).filter(Boolean);
  return ["'self'", ...extra];
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return undefined;
  }
}
