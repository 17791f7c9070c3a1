/** The events the practice module emits (platform/events.ts). */
declare module '../../platform/events' {
  interface DomainEvents {
    /** A session ended and was reviewed (by the seat, or without heartbeat): its score against the pass line. */
    'practice.ended': {
      orgId: number;
      sessionId: number;
      userId: number;
      scriptId: number;
      totalScore: number;
      passed: boolean;
    };
  }
}

export {};
