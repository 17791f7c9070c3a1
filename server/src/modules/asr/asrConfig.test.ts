import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';

describe('asr getConfig without an engine: what users and administrators are told', () => {
  const t = useTestApp({ START_JOBS: 'false' });

  it('a seat reads 管理员尚未配置语音识别 with no operator instruction; an administrator gets the settings path', async () => {
    const org = await t().newOrg();
    const seat = await t().call(contract.asr.getConfig, undefined, { token: org.seat.token });
    expect(seat.code, seat.msg).toBe(1);
    expect(seat.data).toMatchObject({ configured: false, message: '管理员尚未配置语音识别', settingsPath: null });
    expect(JSON.stringify(seat.data)).not.toMatch(/ASR_|sherpa|openai|funasr/);
    const admin = await t().call(contract.asr.getConfig, undefined, { token: org.admin.token });
    expect(admin.data).toMatchObject({
      configured: false,
      message: '管理员尚未配置语音识别',
      settingsPath: '/main/aiSetting',
    });
    expect(admin.data.detail).toContain('系统运维');
    expect(JSON.stringify(admin.data)).not.toMatch(/ASR_ENGINE=/);
    // no session
    expect((await t().call(contract.asr.getConfig)).code).toBe(10);
  });
});
