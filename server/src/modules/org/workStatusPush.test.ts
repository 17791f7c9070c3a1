import { PushMessage, userTopic } from '@crm/core/contract/push';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../test/harness';

const B = '/api/backend';

describe('org: the work status push', () => {
  const t = useTestApp();

  it("a work status an administrator sets reaches the user's topic as the contract's work_status; one's own does not", async () => {
    const org = await t().newOrg();
    const publish = vi.spyOn(t().ctx.push, 'publish');
    try {
      const own = await t().post(`${B}/userController/updateWorkStatus`, { workStatus: 2 }, { token: org.seat.token });
      expect(own.code).toBe(1);
      expect(publish).not.toHaveBeenCalled();

      const set = await t().post(
        `${B}/userController/updateUserWorkStatus`,
        { userId: org.seat.userId, workStatus: 3 },
        { token: org.admin.token },
      );
      expect(set.code).toBe(1);
      expect(publish).toHaveBeenCalledOnce();
      const [topic, message] = publish.mock.calls[0];
      expect(topic).toBe(userTopic(org.orgId, org.seat.userId));
      expect(PushMessage.parse(message)).toEqual({ type: 'work_status', ...set.data });
      expect(message).toMatchObject({ userId: org.seat.userId, workStatus: 3, workStatusName: '小休' });
    } finally {
      publish.mockRestore();
    }
  });
});
