/**
 * Composition of the music-evidence module (issue 12 §2): service, public share service, the certificate
 * extension of kind 'music', and routes.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { CertificateService } from '../certificate/service.ts';
import type { EvidenceService } from '../evidence/service.ts';
import { musicRoutes } from './routes.ts';
import { musicService } from './service.ts';
import { musicShareService } from './share.ts';

/** Builds the module. */
export function buildMusic(ctx: AppContext, deps: { evidence: EvidenceService; certificate: CertificateService }) {
  const service = musicService({ db: ctx.db, evidence: deps.evidence, ffprobePath: ctx.config.FFPROBE_PATH });
  const share = musicShareService({ db: ctx.db, certificate: deps.certificate, evidence: deps.evidence, downloads: ctx.downloads });
  deps.certificate.registerKind('music', { describe: (row) => share.describe(row), view: (row, base, viewer) => share.view(row, base, viewer) });
  return { service, share };
}

export type MusicModule = ReturnType<typeof buildMusic>;

/** Registers the module's routes. */
export async function registerMusicRoutes(app: FastifyInstance, ctx: AppContext, m: MusicModule, evidence: EvidenceService): Promise<void> {
  await app.register(musicRoutes({ music: m.service, share: m.share, sessions: ctx.sessions, uploadMaxBytes: ctx.config.UPLOAD_MAX_BYTES, evidence }));
}
