/** Chinese names of the evidence kinds (DESIGN.md domain model) as the overview shows them, and where each list lives. */
import type { EvidenceKind } from '@cunzheng/contract/constants';

export const KIND_LABEL: Readonly<Record<EvidenceKind, string>> = {
  data: '数据存证',
  web: '网页取证',
  process: '过程取证',
  mobile: '手机过程取证',
  music: '音视频取证',
  app: 'App 取证',
};

/**
 * The kinds the platform offers today, in display order, with the list each tile opens: only these get
 * an overview tile (issue 8 §3 — no tiles for kinds that do not exist yet; the issue that adds a kind
 * adds it here).
 */
export const OFFERED_KINDS: readonly { kind: EvidenceKind; list: string }[] = [
  { kind: 'data', list: '/attestation-all/data' },
  { kind: 'web', list: '/evidences-all/web' },
  { kind: 'process', list: '/evidences-all/process' },
  { kind: 'mobile', list: '/evidences-all/mobile-process' },
];
