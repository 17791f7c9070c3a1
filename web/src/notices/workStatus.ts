import { getUser, setUser } from '../app/session';
import { usePush } from './push';

/** The session's user info follows a work status that someone else (an administrator) set for this user. */
export function useWorkStatusPush(): void {
  usePush('work_status', (status) => {
    const user = getUser();
    if (user?.userId === status.userId) setUser({ ...user, workStatus: status.workStatus });
  });
}
