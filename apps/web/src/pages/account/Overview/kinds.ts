/** Chinese names of the evidence kinds (DESIGN.md domain model) as the overview shows them, and where each list lives. */
import type { EvidenceKind } from '@cunzheng/contract/constants';

export const KIND_LABEL: Readonly<Record<EvidenceKind, string>> = {
  data: '数据存证',
  web: '网页取证',
  process: '过程取证',
  mobile: '手机取证',
  music: '音视频取证',
  app: 'App 取证',
};

/** Display order on the overview. */
export const KIND_ORDER: readonly EvidenceKind[] = ['data', 'web', 'process', 'mobile', 'music', 'app'];
