/**
 * Process evidence calls (过程取证 and mobile 过程取证; issue 11 §2; spec p2 §7 "Process evidence" names the
 * paths, the shapes are ours, designed like the web-capture calls of forensics.ts). Requests are
 * form-encoded (numbers arrive as strings) or JSON; every answer is the `{code, msg, data}` envelope and
 * these schemas describe `data`.
 *
 * A session is a clean Chromium in the cloud that the user drives from the page through a WebSocket; what
 * the browser shows and fetches is recorded and, when the session ends, deposited as ONE evidence (signed
 * WACZ with the WARC, action log, screenshots, provenance, plus the MP4 video).
 *
 * Ids: `id` in this file is the SESSION id (a session exists from addProcess on, before it becomes
 * evidence), like the capture id of the web calls.
 *
 * ## The live stream (WebSocket)
 * `GET /api/processforensics/stream?id=<id>&streamToken=<token>` upgraded to a WebSocket. `streamToken`
 * comes from addProcess / look (owner only; an HMAC token bound to the session, valid while the session
 * lives); a bad one closes the socket with code 4401 and reason `denied` after an `error` message.
 * One viewer per session: a new connection replaces the old one (closed with 4409 `replaced`).
 *
 * Server → client:
 * - binary message: one JPEG frame of the remote viewport (CDP Page.startScreencast), exactly the
 *   `viewport` size in CSS px × deviceScaleFactor 1; draw it scaled to fit.
 * - text messages, JSON, `ZProcessServerMsg`: `queue` (position while waiting, 1 = next), `started`
 *   (viewport, mobile, deadline), `nav` (address and title after each navigation), `note` (a Chinese
 *   notice, e.g. the idle warning), `ended` (final status and note; the server closes with 1000 after it),
 *   `error` (msg), `pong`.
 * Client → server: text messages, JSON, `ZProcessClientMsg`; coordinates are viewport CSS px (the client
 * maps from its drawn size). `mouse` → Input.dispatchMouseEvent, `wheel` → mouseWheel, `touch` →
 * Input.dispatchTouchEvent (mobile sessions), `key` → Input.dispatchKeyEvent, `text` → Input.insertText,
 * `navigate` → Page.navigate (http(s) only; a refused address ends in the page with 目标地址不允许访问),
 * `back` / `forward` / `reload`, `stop` (结束取证: save and end), `ping`. Invalid messages are ignored.
 * Closing the socket while running does NOT end the session at once: the idle timeout (or a reconnect)
 * decides; a session whose viewer never comes back is saved as 中断 (status 4).
 */
import { z } from 'zod';
import { ZCertificateView, zBaoquan } from './certificate.ts';
import { noSpecialChars, zFormIntOpt, zId, zPaged, zPaging, zUnixOpt } from './common.ts';
import { KEYWORD_MAX, LABEL_MAX, PAGE_SIZE, TITLE_MAX } from './constants.ts';
import { zDataIdStr, zLabel } from './evidence.ts';
import { zEvidenceUrl } from './fields.ts';
import { ZWebArtefact, ZWebTls } from './forensics.ts';
import { MSG } from './messages.ts';

// ── Constants ─────────────────────────────────────────────────────────────

/**
 * Session status: 0 queued (排队中), 1 running (取证中), 2 saving (保存中: encoding and depositing),
 * 3 done (已完成, evidence preserved), 4 interrupted (中断: browser crash or viewer gone; saved up to that
 * moment, evidence preserved), 5 failed (nothing could be saved), 6 cancelled (已取消, nothing saved).
 */
export const PROCESS_STATUS = { queued: 0, running: 1, saving: 2, done: 3, interrupted: 4, failed: 5, cancelled: 6 } as const;
export type TProcessStatus = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export const PROCESS_STATUS_LABEL: Readonly<Record<number, string>> = { 0: '排队中', 1: '取证中', 2: '保存中', 3: '已完成', 4: '中断', 5: '失败', 6: '已取消' };
/** Statuses whose session is evidence (has baoquan, certificate, downloads). */
export const PROCESS_SAVED_STATUSES: readonly number[] = [3, 4];
/** Statuses of a live session (counts as the user's one active session). */
export const PROCESS_ACTIVE_STATUSES: readonly number[] = [0, 1, 2];

/** Session kinds: spec p2 §9 evidence type 2 = process (desktop browser), 4 = mobile process (phone browser). */
export const PROCESS_TYPE = { process: 2, mobile: 4 } as const;
export type TProcessType = 2 | 4;

/** Remote viewports, CSS px: desktop 1366×768; mobile 390×844 (touch, mobile user agent, DPR 1 for the stream). */
export const PROCESS_VIEWPORT = { 2: { width: 1366, height: 768 }, 4: { width: 390, height: 844 } } as const;
/** Suggested polling interval of look while queued (the WebSocket also pushes `queue`), ms. */
export const PROCESS_POLL_MS = 2000;
/** WebSocket path (GET, upgraded). */
export const PROCESS_STREAM_PATH = '/api/processforensics/stream';
/** WebSocket close codes the server uses besides 1000. */
export const PROCESS_WS_CLOSE = { denied: 4401, replaced: 4409, ended: 1000 } as const;

/** A session id (`id`); wrong → 证据编号错误. */
export const zProcessId = () => zId(MSG.EVIDENCE_ID_INVALID);

const zType = () => z.preprocess((v) => (v === undefined || v === '' ? undefined : Number(v)), z.literal([2, 4], { error: MSG.BAD_PARAM }));

/** Optional title: at most 100 characters, no special characters; '' → 过程取证 + start time. */
const zProTitle = () => z.string({ error: MSG.BAD_PARAM }).trim().max(TITLE_MAX, MSG.TITLE_TOO_LONG).superRefine(noSpecialChars('标题')).optional();

const filterText = (max: number, tooLong: string) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string({ error: MSG.BAD_PARAM }).trim().max(max, tooLong).optional());

// ── Start, queue, cancel ──────────────────────────────────────────────────

/**
 * POST /api/processforensics/addProcess and /api/processlist/clickAddProcess (the same call): type 2
 * (default) or 4 (mobile), optional start url (http(s); else 网页地址格式错误,请重新输入; '' → a blank page),
 * optional title. A user with a live session (status 0–2) gets THAT session back (`resumed` true) instead
 * of a second one. Too many waiting → 400 排队人数过多，请稍后再试.
 */
export const ZAddProcessReq = z.object({
  type: zType().default(2),
  url: z.preprocess((v) => (v === '' ? undefined : v), zEvidenceUrl().optional()),
  title: zProTitle(),
});
export type TAddProcessReq = z.infer<typeof ZAddProcessReq>;

/**
 * Session state for the queue / stream page. `position`: 1-based place in the queue while status 0, else 0.
 * `streamToken` and `streamPath`: for the WebSocket while status 0 or 1, else ''. `deadline`: Unix ms when
 * the session ends by itself (max duration) once running, else 0. `maxSeconds`, `idleSeconds`: limits.
 */
export const ZProcessSession = z.object({
  id: z.number().int(),
  type: z.literal([2, 4]),
  status: z.literal([0, 1, 2, 3, 4, 5, 6]),
  position: z.number().int().min(0),
  streamToken: z.string().max(500),
  streamPath: z.string().max(200),
  deadline: z.number().int().min(0),
  maxSeconds: z.number().int().min(0),
  idleSeconds: z.number().int().min(0),
  resumed: z.boolean(),
});
export type TProcessSession = z.infer<typeof ZProcessSession>;

/**
 * POST /api/processlist/cancelButton (queued or running → 6, nothing saved), look, delPro, downProBaoquan, and
 * POST /api/processforensics/endProcess (结束取证 without the socket: save and end, like the `stop` message): id.
 */
export const ZProcessIdReq = z.object({ id: zProcessId() });
export type TProcessIdReq = z.infer<typeof ZProcessIdReq>;

// ── List, labels ──────────────────────────────────────────────────────────

/**
 * POST /api/processlist/getProList: type (2 default, 4 mobile), page (1), limit (20, ≤ 100), keyword
 * (title, address or number), label, startTime/endTime (Unix seconds, inclusive), status ('' all, 0–6).
 */
export const ZProListReq = z
  .object({
    type: zType().default(2),
    ...zPaging(PAGE_SIZE.evidence),
    keyword: filterText(KEYWORD_MAX, MSG.KEYWORD_TOO_LONG),
    label: filterText(LABEL_MAX, MSG.LABEL_TOO_LONG),
    startTime: zUnixOpt(),
    endTime: zUnixOpt(),
    status: zFormIntOpt(MSG.BAD_PARAM, 0, 6),
  })
  .superRefine((o, ctx) => {
    if (o.startTime !== undefined && o.endTime !== undefined && o.startTime > o.endTime) {
      ctx.addIssue({ code: 'custom', path: ['startTime'], message: MSG.DATE_RANGE_INVALID });
    }
  });
export type TProListReq = z.infer<typeof ZProListReq>;

/**
 * One session in the list. `saveTime`: Unix seconds, the deposit time once saved, else the start request
 * time. `duration`: seconds recorded (0 before running). `url`: the start address ('' for a blank start),
 * `finalUrl`: the last address shown. `baoquan`, `chainhash`, `sha256` ('' before saved) and `size`
 * (bytes) describe the evidence (the WACZ; the MP4 is an artefact listed in look). `note`: '' or a
 * Chinese sentence (中断 reason, video failure …).
 */
export const ZProItem = z.object({
  id: z.number().int(),
  type: z.literal([2, 4]),
  baoquan: z.string().max(32),
  title: z.string().max(255),
  url: z.string().max(4096),
  finalUrl: z.string().max(4096),
  status: z.literal([0, 1, 2, 3, 4, 5, 6]),
  note: z.string().max(500),
  label: z.string().max(40),
  saveTime: z.number().int(),
  duration: z.number().int().min(0),
  chainhash: z.string().max(64),
  size: z.number().int().min(0),
  sha256: z.string().max(64),
});
export type TProItem = z.infer<typeof ZProItem>;

/** Answer of getProList: `{list, count}`, newest first. */
export const ZProListRes = zPaged(ZProItem);
export type TProListRes = z.infer<typeof ZProListRes>;

/** POST /api/processlist/saveLabel: id and label ('' clears it; ≤ 20 characters). Only for saved sessions. */
export const ZProSaveLabelReq = z.object({ id: zProcessId(), label: zLabel().default('') });
export type TProSaveLabelReq = z.infer<typeof ZProSaveLabelReq>;

/** POST /api/processlist/getLabelList: type (2 default, 4) → `[{label}]`, the caller's distinct labels. */
export const ZProLabelListReq = z.object({ type: zType().default(2) });
export type TProLabelListReq = z.infer<typeof ZProLabelListReq>;
export const ZProLabelListRes = z.array(z.object({ label: z.string().max(40) }));

// ── Detail (look) ─────────────────────────────────────────────────────────

/**
 * One entry of the action log. `t`: ms since the session started (the video's time axis); `at`: Unix ms.
 * kind: `navigate` (url; `by` 'user' for an address entry, 'page' for a link/redirect), `click` (x, y in
 * viewport px, `target` a short description of the element), `input` (text typed; '******' in a password
 * field), `key` (key name, e.g. Enter), `scroll` (deltaX/deltaY), `touch`, `back`/`forward`/`reload`,
 * `start`/`end`/`interrupt` (`detail` says why).
 */
export const ZProAction = z.object({
  t: z.number().int().min(0),
  at: z.number().int(),
  kind: z.enum(['start', 'navigate', 'click', 'input', 'key', 'scroll', 'touch', 'back', 'forward', 'reload', 'end', 'interrupt']),
  url: z.string().max(4096).optional(),
  x: z.number().optional(),
  y: z.number().optional(),
  text: z.string().max(2000).optional(),
  key: z.string().max(40).optional(),
  deltaX: z.number().optional(),
  deltaY: z.number().optional(),
  target: z.string().max(300).optional(),
  by: z.enum(['user', 'page']).optional(),
  detail: z.string().max(500).optional(),
});
export type TProAction = z.infer<typeof ZProAction>;

/** A screenshot taken after a navigation: `t` ms since start, the address, a signed expiring PNG URL. */
export const ZProShot = z.object({ t: z.number().int().min(0), url: z.string().max(4096), imageUrl: z.string().max(4096) });
export type TProShot = z.infer<typeof ZProShot>;

/**
 * Provenance of a session (also process/provenance.json inside the WACZ). Times Unix seconds and RFC 3339.
 * `video`: the MP4's SHA-256 and size ('' / 0 when no video: see `notes`), frames and seconds.
 */
export const ZProProvenance = z.object({
  startTime: z.number().int(),
  endTime: z.number().int(),
  startTimeIso: z.string().max(40),
  endTimeIso: z.string().max(40),
  browser: z.string().max(200),
  os: z.string().max(200),
  userAgent: z.string().max(500),
  viewport: z.string().max(20),
  mobile: z.boolean(),
  locale: z.string().max(20),
  timezone: z.string().max(60),
  publicAddress: z.string().max(200),
  software: z.string().max(100),
  requestCount: z.number().int().min(0),
  totalBytes: z.number().int().min(0),
  truncated: z.boolean(),
  interrupted: z.boolean(),
  notes: z.array(z.string().max(500)).max(20),
  hosts: z.array(z.object({ host: z.string().max(300), ips: z.array(z.string().max(64)).max(32) })).max(500),
  tls: z.array(ZWebTls).max(200),
  video: z.object({ sha256: z.string().max(64), size: z.number().int().min(0), frames: z.number().int().min(0), seconds: z.number().min(0) }),
  signature: z.object({ algorithm: z.string().max(60), publicKey: z.string().max(1000) }),
});
export type TProProvenance = z.infer<typeof ZProProvenance>;

/**
 * Answer of look (owner only): the session (queue state, token) and, once saved, the list row with its
 * provenance, artefacts (WACZ members and the MP4), the action log, screenshots and a signed expiring
 * `videoUrl` of the MP4 ('' without video or before saved).
 */
export const ZProDetailRes = z.object({
  session: ZProcessSession,
  item: ZProItem,
  provenance: ZProProvenance.nullable(),
  artefacts: z.array(ZWebArtefact).max(500),
  actions: z.array(ZProAction).max(20_000),
  shots: z.array(ZProShot).max(500),
  videoUrl: z.string().max(4096),
});
export type TProDetailRes = z.infer<typeof ZProDetailRes>;

// ── Downloads ─────────────────────────────────────────────────────────────

/**
 * POST /api/processlist/downloadBatch: ids '1,2,3' (session ids, ≤ 100) → data `{downUrl}`, one zip of the
 * saved sessions' evidence files (the WACZ, the main artefact — the evidence service's zip, as for every
 * kind); none saved → 400 无下载文件. downProBaoquan (id) answers `{downUrl}` of the session's WACZ; the MP4
 * is `videoUrl` of look / getProView (its SHA-256 is inside the WACZ, process/video.json).
 */
export const ZProDownloadBatchReq = z.object({
  ids: zDataIdStr(),
});
export type TProDownloadBatchReq = z.infer<typeof ZProDownloadBatchReq>;

// ── Public certificate and extraction ─────────────────────────────────────

/** GET /api/share/getProView?baoquan=. */
export const ZGetProViewQuery = z.object({ baoquan: zBaoquan() });
export type TGetProViewQuery = z.infer<typeof ZGetProViewQuery>;

/**
 * Answer of getProView: every field of getView (`mp4Path` = the signed video URL) plus the session: type,
 * start/end times (Unix seconds), duration, status (3 or 4 = 中断) and note, the action log, screenshots,
 * artefacts and provenance, `videoUrl` (signed, expiring MP4; '' without video or when deleted). The WACZ
 * and MP4 as files only through downProBaoquan with the code.
 */
export const ZProView = ZCertificateView.extend({
  type: z.literal([2, 4]),
  url: z.string().max(4096),
  finalUrl: z.string().max(4096),
  startTime: z.number().int(),
  endTime: z.number().int(),
  duration: z.number().int().min(0),
  status: z.literal([3, 4]),
  note: z.string().max(500),
  actions: z.array(ZProAction).max(20_000),
  shots: z.array(ZProShot).max(500),
  artefacts: z.array(ZWebArtefact).max(500),
  videoUrl: z.string().max(4096),
  provenance: ZProProvenance,
});
export type TProView = z.infer<typeof ZProView>;

/** POST /api/share/downProBaoquan: baoquan and code (the owner's extraction code) → data `{downUrl}` of the WACZ (the MP4: getProView's `videoUrl`). */
export { ZShareDownReq as ZProShareDownReq, type TShareDownReq as TProShareDownReq } from './certificate.ts';

// ── WebSocket messages ────────────────────────────────────────────────────

const zCoord = () => z.number().min(-10_000).max(100_000);
const zMods = () => z.number().int().min(0).max(15).optional();

/** Client → server messages of the stream (see the file comment). */
export const ZProcessClientMsg = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('mouse'),
    type: z.enum(['mousePressed', 'mouseReleased', 'mouseMoved']),
    x: zCoord(),
    y: zCoord(),
    button: z.enum(['none', 'left', 'middle', 'right']).default('left'),
    clickCount: z.number().int().min(0).max(3).default(1),
    modifiers: zMods(),
  }),
  z.object({ t: z.literal('wheel'), x: zCoord(), y: zCoord(), deltaX: z.number().min(-100_000).max(100_000), deltaY: z.number().min(-100_000).max(100_000) }),
  z.object({ t: z.literal('touch'), type: z.enum(['touchStart', 'touchMove', 'touchEnd', 'touchCancel']), points: z.array(z.object({ x: zCoord(), y: zCoord() })).max(5) }),
  z.object({
    t: z.literal('key'),
    type: z.enum(['keyDown', 'keyUp', 'rawKeyDown', 'char']),
    key: z.string().max(40),
    code: z.string().max(40).default(''),
    text: z.string().max(8).optional(),
    keyCode: z.number().int().min(0).max(255).optional(),
    modifiers: zMods(),
  }),
  z.object({ t: z.literal('text'), text: z.string().min(1).max(2000) }),
  z.object({ t: z.literal('navigate'), url: z.string().min(1).max(2048) }),
  z.object({ t: z.enum(['back', 'forward', 'reload', 'stop', 'ping']) }),
]);
export type TProcessClientMsg = z.infer<typeof ZProcessClientMsg>;

/** Server → client text messages of the stream (frames are binary JPEG messages). */
export const ZProcessServerMsg = z.discriminatedUnion('t', [
  z.object({ t: z.literal('queue'), position: z.number().int().min(1) }),
  z.object({ t: z.literal('started'), viewport: z.object({ width: z.number().int(), height: z.number().int() }), mobile: z.boolean(), deadline: z.number().int() }),
  z.object({ t: z.literal('nav'), url: z.string().max(4096), title: z.string().max(500) }),
  z.object({ t: z.literal('note'), msg: z.string().max(500) }),
  z.object({ t: z.literal('ended'), status: z.literal([2, 3, 4, 5, 6]), note: z.string().max(500) }),
  z.object({ t: z.literal('error'), msg: z.string().max(500) }),
  z.object({ t: z.literal('pong') }),
]);
export type TProcessServerMsg = z.infer<typeof ZProcessServerMsg>;
