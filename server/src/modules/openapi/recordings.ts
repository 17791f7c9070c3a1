import type { CallAnswer, contract } from '@crm/core/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import type { Session } from '../../platform/session';
import { analysisSummary, machineResults } from '../analysis';
import { recordingInOrg, uploadRecordings } from '../recording';

type O = typeof contract.openApiCalls;

/** Recordings pushed by integrators through the product's upload path, and their analysis when done. */
export class OpenRecordings {
  constructor(private readonly ctx: AppContext) {}

  async upload(s: Session, req: FastifyRequest): Promise<CallAnswer<O['uploadRecording']>> {
    const out = await uploadRecordings(this.ctx, s, req);
    if ('results' in out) throw badRequest('file：一次只能上传一个录音');
    return { recordId: out.recordId!, duplicate: out.duplicate, clueId: out.clueId ?? null, phone: out.phone ?? null };
  }

  async analysis(s: Session, id: number): Promise<CallAnswer<O['recordingAnalysis']>> {
    const rec = await recordingInOrg(this.ctx.db, s.orgId, id);
    if (!rec) throw notFound('录音不存在');
    const [summary, results] = await Promise.all([
      analysisSummary(this.ctx.db, s.orgId, id),
      machineResults(this.ctx.db, s.orgId, [id]),
    ]);
    const done = rec.analysisStatus === 3;
    return {
      recordId: rec.id,
      asrStatus: rec.asrStatus,
      analysisStatus: rec.analysisStatus,
      intention: done ? (summary?.intention ?? null) : null,
      summary: done ? (summary?.summary ?? null) : null,
      result: done ? ((results.get(id) as Record<string, unknown> | null | undefined) ?? null) : null,
    };
  }
}
