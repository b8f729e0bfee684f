/**
 * The evidence-kind registry (issue 11 §1; DESIGN.md "Evidence kinds, adapters and processes"): every kind
 * of evidence the platform preserves is ONE entry here, not a fork of code. Server and web read it to
 * deposit, charge, list, download, show certificates and route pages for every kind alike.
 *
 * Codes come from the spec: `evidenceType` is the evidence type value of spec p2 §9 (1–6: 1 and 5 file,
 * 2 and 4 process, 3 web, 6 music); `orderTypes` are the order type codes of spec p1 §9 (5 data deposit,
 * 1 process forensics, 10 photo, 12 video, 11 audio, 13 screen recording, 2 web page, 8 batch web page,
 * 7 mobile, 6 audio-video); `priceCode` is the order type code whose price one evidence of the kind is
 * charged (issue 13: a price table per order type code). Routes are the spec p2 §2 route table.
 *
 * Adding a kind = adding an entry (and its side table / capture process on the server); the shared list,
 * download page and certificate layout take it from here.
 */
import { EVIDENCE_KINDS, type EvidenceKind } from './constants.ts';

/**
 * What one evidence is made of. `original` the deposited file itself; `wacz` a signed WACZ web archive
 * (WARC + pages + provenance); `video` an MP4 of a recorded session; `screenshot` PNG screenshots (full
 * page, or one per navigation); `actionLog` the timestamped action log of a recorded session (JSON);
 * `provenance` the capture's provenance summary (hosts, TLS, request list; inside the WACZ);
 * `phoneInfo` the phone information of an app capture (spec p1 §3 "Phone info (forensics)"); `lyrics` and
 * `score` the lyrics and score files of a music work (issue 12 §2; the audio is its `original`).
 */
export const ARTEFACT_ROLES = ['original', 'wacz', 'video', 'screenshot', 'actionLog', 'provenance', 'phoneInfo', 'lyrics', 'score'] as const;
export type ArtefactRole = (typeof ARTEFACT_ROLES)[number];

/** An artefact of a kind: its role, Chinese name, media type, whether every evidence of the kind has it, whether it is the hashed main file. */
export interface ArtefactDef {
  readonly role: ArtefactRole;
  readonly name: string;
  readonly mime: string;
  /** Always present (false: may be missing, e.g. no MP4 when ffmpeg failed — the certificate says so). */
  readonly required: boolean;
  /**
   * The main artefact: its SHA-256 and size are the evidence row's and the ledger entry's, and it is what
   * the owner's download and extraction by code deliver. Exactly one per kind.
   */
  readonly main: boolean;
}

/**
 * Sections of the certificate layout, in display order (the one certificate layout of the web app and the
 * certificate html/PDF of the server show the sections their kind lists):
 * `summary` number, title, owner (masked), deposit time; `file` file name, type, size, SHA-256;
 * `web` URL, final URL, capture time, full-page screenshot, replay; `process` session start/end, duration,
 * start URL, interrupted (中断) note; `video` the session video beside `actionLog` (the action list);
 * `phone` phone info; `music` the work (title, lyricist, composer, performer, album, duration, ISRC) and the
 * owner's player; `artefacts` every artefact with size and SHA-256; `provenance` hosts, addresses, TLS;
 * `ledger` chainhash, ledger index, inclusion proof, checkpoint; `timestamp` the RFC 3161 token;
 * `anchor` the external chain anchor; `extract` extraction by code.
 */
export const CERTIFICATE_SECTIONS = ['summary', 'file', 'web', 'process', 'video', 'actionLog', 'phone', 'music', 'artefacts', 'provenance', 'ledger', 'timestamp', 'anchor', 'extract'] as const;
export type CertificateSection = (typeof CERTIFICATE_SECTIONS)[number];

/** One order type of spec p1 §9 a kind is charged and listed under. */
export interface OrderTypeDef {
  readonly code: number;
  readonly name: string;
}

/**
 * Web routes of a kind (spec p2 §2). `list` the owner's list page, `download` its download page (batch
 * download), `certificate` the public certificate path prefix (`${certificate}/${id}`), `create` where a
 * new evidence starts ('' when the list page itself uploads), `queue` the queue page prefix
 * (`${queue}/${id}`, '' when none), `preview` the preview page ('' when none), `query` the check-by-number
 * page ('' when none).
 */
export interface KindRoutes {
  readonly list: string;
  readonly download: string;
  readonly certificate: string;
  readonly create: string;
  readonly queue: string;
  readonly preview: string;
  readonly query: string;
}

/**
 * API paths of a kind (spec p1 §7, p2 §7): the owner's `list`, the public certificate `view`, `extract`
 * (extraction by code → data {downUrl}), the owner's one-evidence `download` and `batch` download.
 * Paths the spec does not name for a kind are ours and documented where the route is.
 */
export interface KindApi {
  readonly list: string;
  readonly view: string;
  readonly extract: string;
  readonly download: string;
  readonly batch: string;
}

/** Whether the platform offers the kind: `now`; `building` (work in progress, not shown to users yet); `later`. */
export type KindAvailability = 'now' | 'building' | 'later';

/** One evidence kind. */
export interface EvidenceKindDef {
  readonly id: EvidenceKind;
  /** Chinese name as menus, lists and certificates show it. */
  readonly name: string;
  /** English name (English certificate). */
  readonly nameEn: string;
  /** Evidence type value of spec p2 §9. */
  readonly evidenceType: number;
  /** Order type codes of spec p1 §9 this kind is ordered/charged under (the first is the default). */
  readonly orderTypes: readonly OrderTypeDef[];
  /** The order type code whose price one evidence of this kind costs (issue 13 price table). */
  readonly priceCode: number;
  readonly artefacts: readonly ArtefactDef[];
  readonly certificateSections: readonly CertificateSection[];
  readonly routes: KindRoutes;
  readonly api: KindApi;
  readonly availability: KindAvailability;
}

const A = {
  original: { role: 'original', name: '原始文件', mime: 'application/octet-stream', required: true, main: true },
  wacz: { role: 'wacz', name: '网页存档（WACZ）', mime: 'application/wacz+zip', required: true, main: true },
  screenshot: { role: 'screenshot', name: '截图', mime: 'image/png', required: true, main: false },
  provenance: { role: 'provenance', name: '取证环境与来源', mime: 'application/json', required: true, main: false },
  video: { role: 'video', name: '录屏视频（MP4）', mime: 'video/mp4', required: false, main: false },
  actionLog: { role: 'actionLog', name: '操作日志', mime: 'application/json', required: true, main: false },
  phoneInfo: { role: 'phoneInfo', name: '手机信息', mime: 'application/json', required: false, main: false },
  audio: { role: 'original', name: '音频文件', mime: 'audio/mpeg', required: true, main: true },
  lyrics: { role: 'lyrics', name: '歌词', mime: 'text/plain', required: false, main: false },
  score: { role: 'score', name: '曲谱', mime: 'application/pdf', required: false, main: false },
} as const satisfies Record<string, ArtefactDef>;

const TRUST: readonly CertificateSection[] = ['ledger', 'timestamp', 'anchor', 'extract'];
/** Process kinds: a WACZ (WARC of every request, screenshots at each navigation, action log, provenance) plus the MP4 beside it. */
const PROCESS_ARTEFACTS: readonly ArtefactDef[] = [A.wacz, A.video, A.actionLog, A.screenshot, A.provenance];
const PROCESS_SECTIONS: readonly CertificateSection[] = ['summary', 'process', 'video', 'actionLog', 'artefacts', 'provenance', ...TRUST];

/** The registry, in display order. */
export const EVIDENCE_KIND_DEFS: readonly EvidenceKindDef[] = [
  {
    id: 'data',
    name: '数据保全',
    nameEn: 'Data preservation',
    evidenceType: 1,
    orderTypes: [{ code: 5, name: '数据保全' }],
    priceCode: 5,
    artefacts: [A.original],
    certificateSections: ['summary', 'file', ...TRUST],
    routes: { list: '/attestation-all/data', download: '/attestation-all/data/download', certificate: '/attestation', create: '', queue: '', preview: '', query: '/queryAuthentication/safekeeping' },
    api: { list: '/api/data/getList', view: '/api/share/getView', extract: '/api/share/downBaoquan', download: '/api/data/downBaoquan', batch: '/api/data/downloadBatch' },
    availability: 'now',
  },
  {
    id: 'web',
    name: '网页取证',
    nameEn: 'Web page evidence',
    evidenceType: 3,
    orderTypes: [
      { code: 2, name: '网页取证' },
      { code: 8, name: '批量网页取证' },
    ],
    priceCode: 2,
    artefacts: [A.wacz, A.screenshot, A.provenance],
    certificateSections: ['summary', 'web', 'artefacts', 'provenance', ...TRUST],
    routes: { list: '/evidences-all/web', download: '/evidences-all/web/download', certificate: '/evidencesWeb', create: '/newWeb', queue: '', preview: '', query: '' },
    api: { list: '/api/webforlist/webList', view: '/api/share/getWebView', extract: '/api/share/webDownload', download: '/api/webforlist/webDownload', batch: '/down/downloadBatch' },
    availability: 'now',
  },
  {
    id: 'process',
    name: '过程取证',
    nameEn: 'Process evidence',
    evidenceType: 2,
    orderTypes: [{ code: 1, name: '过程取证' }],
    priceCode: 1,
    artefacts: PROCESS_ARTEFACTS,
    certificateSections: PROCESS_SECTIONS,
    routes: { list: '/evidences-all/process', download: '/evidences-all/process/download', certificate: '/evidencesPro', create: '/newProcess', queue: '/evidences-all/process/queue', preview: '/evidences-all/process/preview', query: '/queryAuthentication/prokeeping' },
    api: { list: '/api/processlist/getProList', view: '/api/share/getProView', extract: '/api/share/downProBaoquan', download: '/api/processlist/downProBaoquan', batch: '/api/processlist/downloadBatch' },
    availability: 'now',
  },
  {
    id: 'mobile',
    name: '手机过程取证',
    nameEn: 'Mobile process evidence',
    evidenceType: 4,
    orderTypes: [{ code: 7, name: '手机取证' }],
    priceCode: 7,
    artefacts: PROCESS_ARTEFACTS,
    certificateSections: PROCESS_SECTIONS,
    // The spec names no separate certificate or API for mobile process evidence: it shares process's
    // (/evidencesPro, processlist calls), the list answering each evidence with its own kind.
    routes: { list: '/evidences-all/mobile-process', download: '/evidences-all/mobile-process/download', certificate: '/evidencesPro', create: '/newMobile', queue: '/evidences-all/mobile/queue', preview: '/evidences-all/process/preview', query: '/queryAuthentication/prokeeping' },
    api: { list: '/api/processlist/getProList', view: '/api/share/getProView', extract: '/api/share/downProBaoquan', download: '/api/processlist/downProBaoquan', batch: '/api/processlist/downloadBatch' },
    availability: 'now',
  },
  {
    id: 'app',
    name: 'App取证',
    nameEn: 'App capture',
    evidenceType: 5,
    orderTypes: [
      { code: 10, name: '拍照取证' },
      { code: 12, name: '录像取证' },
      { code: 11, name: '录音取证' },
      { code: 13, name: '录屏取证' },
    ],
    priceCode: 10,
    artefacts: [A.original, A.phoneInfo],
    certificateSections: ['summary', 'file', 'phone', ...TRUST],
    // App captures are files shown beside the data deposits (spec p2 §2: /attestation-all children data, app),
    // with the data calls for one evidence (label, delete, download, batch) and their own list
    // (getAppDataList). The spec names no download page for them: /attestation-all/app/download is ours.
    // The capture page is the list page's capture panel (issue 12 §1); capture type 6 (audio-video) is
    // accepted and charged as 6 too, though 6 is listed under music here (one kind per order code).
    routes: { list: '/attestation-all/app', download: '/attestation-all/app/download', certificate: '/attestation', create: '', queue: '', preview: '/mobile/preview', query: '/queryAuthentication/safekeeping' },
    api: { list: '/api/data/getAppDataList', view: '/api/share/getView', extract: '/api/share/downBaoquan', download: '/api/data/downBaoquan', batch: '/api/data/downloadBatch' },
    availability: 'now',
  },
  {
    id: 'music',
    name: '音乐存证',
    nameEn: 'Music work preservation',
    evidenceType: 6,
    orderTypes: [{ code: 6, name: '音视频取证' }],
    priceCode: 6,
    // One evidence per work: the audio (hashed into the ledger) plus optional lyrics and score (issue 12 §2).
    artefacts: [A.audio, A.lyrics, A.score],
    certificateSections: ['summary', 'file', 'music', 'artefacts', ...TRUST],
    routes: { list: '/evidences-all/music', download: '/evidences-all/music/download', certificate: '/evidencesMusic', create: '', queue: '', preview: '', query: '/queryAuthentication/musickeeping' },
    // The spec names no music calls: these paths are ours (modules/music/routes.ts).
    api: { list: '/api/music/getList', view: '/api/share/getMusicView', extract: '/api/share/downMusicBaoquan', download: '/api/music/downBaoquan', batch: '/api/music/downloadBatch' },
    availability: 'now',
  },
];

/** The registry by kind id. */
export const EVIDENCE_KIND: Readonly<Record<EvidenceKind, EvidenceKindDef>> = Object.fromEntries(EVIDENCE_KIND_DEFS.map((d) => [d.id, d])) as Record<EvidenceKind, EvidenceKindDef>;

/** The definition of a kind id; undefined for anything that is not a kind. */
export const kindDef = (id: string): EvidenceKindDef | undefined => ((EVIDENCE_KINDS as readonly string[]).includes(id) ? EVIDENCE_KIND[id as EvidenceKind] : undefined);

/** The kind of a spec p2 §9 evidence type value (1–6); undefined for other values. */
export const kindOfEvidenceType = (evidenceType: number): EvidenceKindDef | undefined => EVIDENCE_KIND_DEFS.find((d) => d.evidenceType === evidenceType);

/** The kind of a spec p1 §9 order type code; undefined for other values. */
export const kindOfOrderType = (code: number): EvidenceKindDef | undefined => EVIDENCE_KIND_DEFS.find((d) => d.orderTypes.some((o) => o.code === code));

/** The main artefact of a kind (the hashed file the evidence row and ledger entry describe). */
export const mainArtefact = (def: EvidenceKindDef): ArtefactDef => def.artefacts.find((a) => a.main) ?? def.artefacts[0]!;

/** The public certificate page of an evidence: `${prefix}/${baoquan}` (e.g. /evidencesWeb/CZ…). */
export const certificatePath = (kind: EvidenceKind, baoquan: string): string => `${EVIDENCE_KIND[kind].routes.certificate}/${encodeURIComponent(baoquan)}`;

/** Kinds offered to users now, in display order. */
export const offeredKinds = (): readonly EvidenceKindDef[] => EVIDENCE_KIND_DEFS.filter((d) => d.availability === 'now');
