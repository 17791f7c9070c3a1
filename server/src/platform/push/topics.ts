/** The browsers' topics are the push contract's (packages/core/src/contract/push.ts): the web subscribes to the same. */
export { orgTopic, userTopic } from '@crm/core/contract/push';

/**
 * Between API processes only (external broker): "close this user's browser connections". Browsers may subscribe to
 * their two exact topics and nothing else, so they can never read it.
 */
export const DISCONNECT_TOPIC = 'crm/_control/disconnect';

/** What each API process takes from the external broker and relays to its own browsers. */
export const RELAYED_TOPICS = ['crm/+/user/+', 'crm/+/all'] as const;
