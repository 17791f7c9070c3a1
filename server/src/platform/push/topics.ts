/** Topic a user's browser subscribes to; the server publishes notices and AI messages there. */
export const userTopic = (orgId: number, userId: number) => `crm/${orgId}/user/${userId}`;
export const orgTopic = (orgId: number) => `crm/${orgId}/all`;

/**
 * Between API processes only (external broker): "close this user's browser connections". Browsers may subscribe to
 * their two exact topics and nothing else, so they can never read it.
 */
export const DISCONNECT_TOPIC = 'crm/_control/disconnect';

/** What each API process takes from the external broker and relays to its own browsers. */
export const RELAYED_TOPICS = ['crm/+/user/+', 'crm/+/all'] as const;
