import type { ServiceBase } from '@crm/core/contract';

export type { ServiceBase };

/** Service bases (DESIGN.md section 5): `/api/<base>` on the same host unless the environment moves one elsewhere. */

const env = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};

export const SERVICE_BASES: Record<ServiceBase, string> = {
  backend: env.VITE_API_BACKEND || '/api/backend',
  robot: env.VITE_API_ROBOT || '/api/robot',
  analysis: env.VITE_API_ANALYSIS || '/api/analysis',
  wecom: env.VITE_API_WECOM || '/api/wecom',
  wecom3: env.VITE_API_WECOM3 || '/api/wecom3',
  openapi: env.VITE_API_OPENAPI || '/api/openapi',
};

/** The MQTT-over-WebSocket address: VITE_MQTT_URL, else /mqtt on this host. */
export function mqttUrl(): string {
  if (env.VITE_MQTT_URL) return env.VITE_MQTT_URL;
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/mqtt`;
}

/** The running environment, by hostname (production, pre, daily, gray, local, the team-messaging shell). */
export function currentEnv(hostname = typeof window === 'undefined' ? 'localhost' : window.location.hostname): string {
  if (env.VITE_ENV) return env.VITE_ENV;
  if (/^(localhost|127\.|192\.168\.|10\.)/.test(hostname)) return 'local';
  if (/(^|\.)pre[.-]/.test(hostname)) return 'pre';
  if (/(^|\.)daily[.-]/.test(hostname)) return 'daily';
  if (/(^|\.)gray[.-]/.test(hostname)) return 'gray';
  if (/dingtalk|ding\./.test(hostname)) return 'ding';
  return 'production';
}
