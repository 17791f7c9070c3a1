import type { Module } from '../../platform/context';
import { uploadRoutes } from './routes';
import { UploadService } from './service';

declare module '../../platform/context' {
  interface Services {
    /** Uploaded images: `find(orgId, id)` checks an image id belongs to the organisation. */
    uploads: UploadService;
  }
}

export const uploadModule: Module = {
  name: 'upload',
  setup(ctx) {
    const svc = new UploadService(ctx.db, ctx.storage);
    ctx.services.uploads = svc;
    uploadRoutes(ctx, svc);
  },
};
