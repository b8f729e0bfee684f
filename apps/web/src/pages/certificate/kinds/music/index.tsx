/**
 * The music certificate /evidencesMusic/{evidencesId} (spec p2 §2; issue 12 §2): titled 音乐存证保全证书;
 * GET /api/share/getMusicView; before the shared body the work (title, credits, album, duration, ISRC) and,
 * for the owner only, a player of the audio; after it the work's files (audio, lyrics, score) with their
 * SHA-256 (and download links for the owner). Everyone else extracts the audio with the owner's code
 * through the shared extraction dialog (POST /api/share/downMusicBaoquan). No English page.
 */
import { lazy } from 'react';
import type { MusicView } from '../../../../api/music';
import { lazyKindApi } from '../lazyApi';
import { defineCertificateKind } from '../types';

/** musicApi's certificate calls, loaded on first use. */
export const musicCertApi = lazyKindApi<MusicView>({ list: 'music/getList', view: 'share/getMusicView' }, () => import('../../../../api/kinds/music').then((m) => m.musicApi));

const MusicBlocks = lazy(() => import('./MusicBlocks'));

export const musicCertificate = defineCertificateKind<MusicView>({ id: 'music', api: musicCertApi, title: '音乐存证保全证书', english: false, Sections: MusicBlocks });
