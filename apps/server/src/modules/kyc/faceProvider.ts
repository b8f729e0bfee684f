/**
 * Face-verification provider adapter (issue 14 §1; spec p2 §4; DESIGN.md: outside services behind an adapter
 * whose default is a local implementation of the same protocol). The protocol is the usual cloud "H5 face
 * verification" one: (1) the server registers an order (orderNo = bizSeqNo, name, ID number) and gets a
 * faceId; (2) the user opens the provider's H5 page (camera, liveness action); (3) the provider sends the
 * browser back to `returnUrl` with a signed result (orderNo, code '0' pass / other fail, nonce, sign);
 * (4) the server may also query the result server-to-server.
 *
 * The default provider is the local simulator: its H5 page is the web app's `/face-sim` page (it uses the
 * camera, asks for a blink / head turn and measures motion between frames), its server part the
 * `/api/facesim/*` calls (simulatorRoutes.ts). It is stateless: faceId and results are HMAC-signed tokens
 * under the simulator's own key (DATA_DIR/keys/face-sim.key), so the verifying side (this adapter) and the
 * provider side share only that key, as with a real provider's app secret. It cannot compare the face with
 * the ID photo of an authority; it checks liveness only.
 */
import crypto from 'node:crypto';

/** Result of an H5 session reported by the provider. */
export interface FaceResult {
  bizSeqNo: string;
  pass: boolean;
  /** Provider's failure reason (no personal data), '' on success. */
  note: string;
}

export interface FaceProvider {
  /** Registers an order and returns the H5 URL the user opens (absolute or site-relative). */
  h5Url(order: { bizSeqNo: string; name: string; idCard: string; returnUrl: string }): Promise<string>;
  /** Verifies the signed result the provider appended to `returnUrl`; null when forged or stale. */
  verifyResult(q: Record<string, string | undefined>): FaceResult | null;
  /** Server-to-server result query; 'pending' while the user has not finished (or when unknown). */
  query(bizSeqNo: string): Promise<'pending' | 'pass' | 'fail'>;
}

/** Lifetime of a simulator faceId and of a signed result, seconds. */
export const FACE_SIM_TTL_SECONDS = 15 * 60;

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

/** The simulator's signing helpers (shared by the adapter and the simulator's routes). */
export function faceSimKeys(secret: Buffer) {
  const mac = (s: string) => crypto.createHmac('sha256', secret).update(s).digest('base64url');
  const check = (payload: string, sig: string | undefined): boolean => {
    if (!sig) return false;
    const a = Buffer.from(sig);
    const b = Buffer.from(mac(payload));
    return a.length === b.length && crypto.timingSafeEqual(a, b);
  };
  return {
    /** faceId token: order number, masked name for the page, return URL and expiry. */
    faceId(o: { orderNo: string; maskedName: string; returnUrl: string }): string {
      const p = b64({ ...o, exp: Math.floor(Date.now() / 1000) + FACE_SIM_TTL_SECONDS });
      return `${p}.${mac(`faceid|${p}`)}`;
    },
    /** Opens a faceId token; null when forged or expired. */
    openFaceId(token: string): { orderNo: string; maskedName: string; returnUrl: string; exp: number } | null {
      const [p, s] = token.split('.');
      if (!p || !check(`faceid|${p}`, s)) return null;
      try {
        const o = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
        return typeof o.exp === 'number' && o.exp >= Date.now() / 1000 ? o : null;
      } catch {
        return null;
      }
    },
    /** Signature of an order registration (server to server). */
    signOrder: (appId: string, orderNo: string, nonce: string) => mac(`order|${appId}|${orderNo}|${nonce}`),
    checkOrder: (appId: string, orderNo: string, nonce: string, sign: string | undefined) => check(`order|${appId}|${orderNo}|${nonce}`, sign),
    /** Signature of a result query string (orderNo, code, nonce). */
    signResult: (orderNo: string, code: string, nonce: string) => mac(`result|${orderNo}|${code}|${nonce}`),
    checkResult: (orderNo: string, code: string, nonce: string, sign: string | undefined) => check(`result|${orderNo}|${code}|${nonce}`, sign),
  };
}

/** Masks a name for display on the provider page: 张三 → *三. */
export const maskName = (name: string): string => {
  const cps = [...name];
  return cps.length <= 1 ? '*' : '*'.repeat(cps.length - 1) + cps[cps.length - 1];
};

/** Checks a signed result of the H5 protocol (shared by both providers). */
function verifySigned(keys: ReturnType<typeof faceSimKeys>, q: Record<string, string | undefined>): FaceResult | null {
  const { orderNo, code, nonce, sign } = q;
  if (!orderNo || !code || !nonce || !/^\d{10}\.[A-Za-z0-9_-]{8,40}$/.test(nonce)) return null;
  const ts = Number(nonce.split('.')[0]);
  if (Math.abs(Date.now() / 1000 - ts) > FACE_SIM_TTL_SECONDS) return null;
  if (!keys.checkResult(orderNo, code, nonce, sign)) return null;
  return { bizSeqNo: orderNo, pass: code === '0', note: code === '0' ? '' : code === '2' ? '活体检测未通过' : '用户取消' };
}

/**
 * The H5 provider over HTTP (FACE_PROVIDER=h5): registers the order server to server
 * (POST `<base>/api/facesim/order` JSON {appId, orderNo, name, idNo, returnUrl, nonce, sign} → data.faceId),
 * sends the user to `<base>/face-sim?faceId=…`, and checks the signed return with the app secret. Pointed at
 * this project's own simulator it runs the same flow over the network (tested); a cloud product with this
 * protocol is configuration (FACE_H5_BASE_URL, FACE_APP_ID, FACE_APP_SECRET).
 */
export function h5FaceProvider(o: { baseUrl: string; appId: string; secret: Buffer; fetchFn?: typeof fetch }): FaceProvider {
  const keys = faceSimKeys(o.secret);
  const base = o.baseUrl.replace(/\/+$/, '');
  const doFetch = o.fetchFn ?? fetch;
  return {
    async h5Url(order) {
      const nonce = crypto.randomBytes(12).toString('base64url');
      const res = await doFetch(`${base}/api/facesim/order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ appId: o.appId, orderNo: order.bizSeqNo, name: order.name, idNo: order.idCard, returnUrl: order.returnUrl, nonce, sign: keys.signOrder(o.appId, order.bizSeqNo, nonce) }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json().catch(() => null)) as { code?: number; data?: { faceId?: string } } | null;
      const faceId = body?.code === 200 ? body.data?.faceId : undefined;
      if (!faceId) throw new Error('face provider refused the order');
      return `${base}/face-sim?faceId=${encodeURIComponent(faceId)}`;
    },
    verifyResult: (q) => verifySigned(keys, q),
    async query() {
      return 'pending';
    },
  };
}

/** The local simulator provider (default). `h5Base` is the simulator page, e.g. `/face-sim`. */
export function simulatorFaceProvider(secret: Buffer, h5Base: string): FaceProvider {
  const keys = faceSimKeys(secret);
  return {
    async h5Url(o) {
      const faceId = keys.faceId({ orderNo: o.bizSeqNo, maskedName: maskName(o.name), returnUrl: o.returnUrl });
      return `${h5Base}?faceId=${encodeURIComponent(faceId)}`;
    },
    verifyResult: (q) => verifySigned(keys, q),
    async query() {
      return 'pending';
    },
  };
}
