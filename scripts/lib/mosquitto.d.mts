export interface TestMosquitto {
  port: number;
  url: string;
  username: string | undefined;
  password: string | undefined;
  /** MQTT_URL, and MQTT_USERNAME / MQTT_PASSWORD unless anonymous. */
  env: Record<string, string>;
  readonly pid: number | undefined;
  start(): Promise<void>;
  stop(): Promise<void>;
  destroy(): Promise<void>;
}
export function startMosquitto(opts?: { anonymous?: boolean }): Promise<TestMosquitto>;
