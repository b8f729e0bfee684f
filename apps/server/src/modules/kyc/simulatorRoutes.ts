/**
 * Server part of the local face-verification simulator (issue 14 §1; see faceProvider.ts): what a cloud H5
 * face product's backend does for its H5 page. The page (web route /face-sim) reads the session with
 * POST /api/facesim/session (faceId) → `{maskedName, action}` and, after the liveness check in the browser,
 * reports POST /api/facesim/result (faceId, motion 0–255 mean frame difference, frames) → `{redirect}`: the
 * caller's return URL with the signed result (code '0' pass, '2' liveness failed, '1' cancelled). Only
 * registered when the simulator is the configured provider.
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@cunzheng/contract/messages';
import { badRequest, ok } from '../../platform/errors.ts';
import { faceSimKeys, maskName } from './faceProvider.ts';

/** Smallest mean absolute difference between frames (0–255) accepted as a live subject. */
export const LIVENESS_MIN_MOTION = 1.5;
/** Frames the page must have compared. */
export const LIVENESS_MIN_FRAMES = 8;

const zFaceId = z.string({ error: MSG.FACE_SESSION_INVALID }).min(10, MSG.FACE_SESSION_INVALID).max(2000, MSG.FACE_SESSION_INVALID);

/** Registers the simulator's calls. */
export const faceSimulatorRoutes = (deps: { secret: Buffer }): FastifyPluginAsyncZod => async (app) => {
  const keys = faceSimKeys(deps.secret);

  /**
   * POST /api/facesim/order (JSON appId, orderNo, name, idNo, returnUrl, nonce, sign): the server-to-server
   * order registration of the H5 protocol (used by the `h5` provider adapter) → `{faceId}`. 400 on a bad
   * signature. The ID number is only checked for presence (a simulator has no authority database).
   */
  app.post('/api/facesim/order', {
    schema: {
      body: z.object({
        appId: z.string().min(1).max(64),
        orderNo: z.string().regex(/^[A-Za-z0-9]{8,40}$/),
        name: z.string().min(1).max(30),
        idNo: z.string().min(15).max(18),
        returnUrl: z.string().min(1).max(500).regex(/^(https?:\/\/|\/)/),
        nonce: z.string().min(8).max(64),
        sign: z.string().min(10).max(100),
      }),
    },
  }, async (req) => {
    const b = req.body;
    if (!keys.checkOrder(b.appId, b.orderNo, b.nonce, b.sign)) throw badRequest(MSG.FACE_SESSION_INVALID);
    return ok({ faceId: keys.faceId({ orderNo: b.orderNo, maskedName: maskName(b.name), returnUrl: b.returnUrl }) });
  });

  app.post('/api/facesim/session', { schema: { body: z.object({ faceId: zFaceId }) } }, async (req) => {
    const s = keys.openFaceId(req.body.faceId);
    if (!s) throw badRequest(MSG.FACE_SESSION_INVALID);
    return ok({ maskedName: s.maskedName, action: '请正对摄像头，缓慢眨眼并左右转动头部', seconds: 3 });
  });

  app.post('/api/facesim/result', {
    schema: { body: z.object({ faceId: zFaceId, motion: z.coerce.number().min(0).max(255), frames: z.coerce.number().int().min(0).max(1000), cancel: z.coerce.number().int().min(0).max(1).optional() }) },
  }, async (req) => {
    const s = keys.openFaceId(req.body.faceId);
    if (!s) throw badRequest(MSG.FACE_SESSION_INVALID);
    const live = req.body.frames >= LIVENESS_MIN_FRAMES && req.body.motion >= LIVENESS_MIN_MOTION;
    const code = req.body.cancel ? '1' : live ? '0' : '2';
    const nonce = `${Math.floor(Date.now() / 1000)}.${crypto.randomBytes(12).toString('base64url')}`;
    const sep = s.returnUrl.includes('?') ? '&' : '?';
    const redirect = `${s.returnUrl}${sep}orderNo=${encodeURIComponent(s.orderNo)}&code=${code}&nonce=${encodeURIComponent(nonce)}&sign=${encodeURIComponent(keys.signResult(s.orderNo, code, nonce))}`;
    return ok({ redirect, pass: code === '0' });
  });
};
