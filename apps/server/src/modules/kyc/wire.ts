/**
 * Composition of the kyc module (issue 14 §1, §2, §5): the image vault (keys from DATA_DIR or env), the
 * service, face verification with the local simulator provider, operator review, routes and the daily
 * deletion job of images past their retention period. Registers the userInfo fields it owns with auth.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { loadOrCreateSecret, secretBox } from '../../platform/secrets.ts';
import type { AuthService } from '../auth/service.ts';
import { kycAdminRoutes } from './adminRoutes.ts';
import { faceVerification } from './face.ts';
import { h5FaceProvider, simulatorFaceProvider } from './faceProvider.ts';
import { authInfo } from './info.ts';
import { kycReview } from './review.ts';
import { kycRoutes } from './routes.ts';
import { kycService } from './service.ts';
import { faceSimulatorRoutes } from './simulatorRoutes.ts';
import { imageVault } from './vault.ts';

/** Web route of the simulator's H5 page. */
export const FACE_SIM_PAGE = '/face-sim';

/** Builds the kyc module's services. */
export function buildKyc(ctx: AppContext, deps: { auth: AuthService }) {
  const { db, config } = ctx;
  const box = secretBox(loadOrCreateSecret(config.dataDir, 'kyc-vault.key', 32, config.KYC_VAULT_KEY));
  const vault = imageVault({
    db,
    blobs: ctx.blobs,
    box,
    viewKey: loadOrCreateSecret(config.dataDir, 'kyc-view.key', 32),
    viewTtlSeconds: config.KYC_PREVIEW_TTL_SECONDS,
    retentionDays: config.KYC_IMAGE_RETENTION_DAYS,
  });
  const kyc = kycService({ db, vault, box, auth: deps.auth });
  const faceSecret = loadOrCreateSecret(config.dataDir, 'face-sim.key', 32, config.FACE_APP_SECRET);
  // The provider is configuration (DESIGN.md adapters): the local simulator in-process, or an H5 service over HTTP.
  const h5 = config.FACE_PROVIDER === 'h5' && config.FACE_H5_BASE_URL;
  const provider = h5 ? h5FaceProvider({ baseUrl: config.FACE_H5_BASE_URL!, appId: config.FACE_APP_ID, secret: faceSecret }) : simulatorFaceProvider(faceSecret, FACE_SIM_PAGE);
  const returnUrl = h5 ? `${config.PUBLIC_URL.replace(/\/+$/, '')}/api/peruser/faceLogin` : '/api/peruser/faceLogin';
  const face = faceVerification({ db, kyc, provider, returnUrl, auth: deps.auth });
  const review = kycReview({ db, kyc, vault, sms: ctx.sms, log: ctx.log, auth: deps.auth });
  deps.auth.extendUserInfo((userId) => kyc.userInfoFields(userId));
  return {
    ...kyc,
    /** Vault access for other modules (members: authorisation letters). */
    storeSensitiveImage: vault.store,
    previewSensitiveImage: vault.previewUrl,
    vault,
    face,
    review,
    info: authInfo({ db, kyc, vault }),
    faceSecret,
  };
}

export type KycModule = ReturnType<typeof buildKyc>;

/** Registers the kyc routes, the operator queue and the face simulator. */
export async function registerKycRoutes(app: FastifyInstance, ctx: AppContext, m: KycModule): Promise<void> {
  await app.register(kycRoutes({ kyc: m, face: m.face, vault: m.vault, info: m.info, sessions: ctx.sessions, blobs: ctx.blobs, downloads: ctx.downloads }));
  await app.register(kycAdminRoutes({ review: m.review, sessions: ctx.sessions }));
  await app.register(faceSimulatorRoutes({ secret: m.faceSecret }));
}

/** Daily (03:41) deletion of KYC images whose retention period has ended. */
export async function registerKycWorkers(jobs: Jobs, ctx: AppContext, m: KycModule): Promise<void> {
  await jobs.every('kyc.purgeImages', '41 3 * * *', { expireInSeconds: 3600 }, async () => {
    const n = await m.vault.purgeDue();
    if (n) ctx.log.info({ deleted: n }, 'kyc: deleted images past retention');
  });
}
