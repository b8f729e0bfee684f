/**
 * Music evidence (音乐存证, kind `music`; issue 12 §2) as a {@link KindApi}: GET /api/music/getList,
 * getLabelList, saveLabel, delData, downBaoquan (the audio), downloadBatch (one zip), GET
 * /api/share/getMusicView, POST /api/share/downMusicBaoquan. Ids are evidence ids.
 */
import { delMusic, downloadMusicZip, downMusic, getMusicLabels, getMusicList, getMusicView, musicShareDownload, saveMusicLabel, type MusicItem, type MusicView } from '../music';
import type { KindApi } from './types';

export const musicApi: KindApi<MusicItem, MusicView> = {
  keys: { list: 'music/getList', view: 'share/getMusicView' },
  list: (q) => getMusicList({ page: q.page, limit: q.limit, type: q.type, label: q.label, keyword: q.keyword, startTime: q.startTime, endTime: q.endTime }),
  labels: async () => (await getMusicLabels()).map((l) => l.label),
  saveLabel: (id, label) => saveMusicLabel(id, label),
  remove: (id) => delMusic(id),
  download: (id) => downMusic(id),
  batch: { zip: downloadMusicZip, max: 100 },
  view: getMusicView,
  extract: musicShareDownload,
};
