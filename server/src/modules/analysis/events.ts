/** The events the analysis stage emits (platform/events.ts). */
declare module '../../platform/events' {
  interface DomainEvents {
    /** What the recording shows of its analysis: 0 not analysed, 1 queued (also paused), 2 running, 3 done, 4 failed. */
    'analysis.status': { orgId: number; recordingId: number; status: number };
    /** Analysis `version` of a call was stored: its consumers (quality, insight, the lead, messages) follow. */
    'analysis.saved': { orgId: number; recordingId: number; version: number };
    /** A person corrected a call's intention, tags, complaint or violations: the organisation's model learns it. */
    'analysis.corrected': { orgId: number; recordingId: number };
  }
}

export {};
