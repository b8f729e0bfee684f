/** Chinese names of the evidence kinds (DESIGN.md domain model) as the overview shows them, and where each list lives. */
import type { EvidenceKind } from '@cunzheng/contract/constants';
import { offeredKinds } from '@cunzheng/contract/evidenceKinds';

export const KIND_LABEL: Readonly<Record<EvidenceKind, string>> = {
  data: '数据存证',
  web: '网页取证',
  process: '过程取证',
  mobile: '手机过程取证',
  music: '音视频取证',
  app: 'App 取证',
};

/**
 * The kinds the platform offers today (the contract registry's availability 'now'), in registry order, with
 * the list each tile opens: only these get an overview tile (issue 8 §3 — no tiles for kinds that do not
 * exist yet; a kind appears once the registry offers it).
 */
export const OFFERED_KINDS: readonly { kind: EvidenceKind; list: string }[] = offeredKinds().map((d) => ({ kind: d.id, list: d.routes.list }));
