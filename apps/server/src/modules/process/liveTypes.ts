/** Types of a live process session (live.ts): options, viewer, recording, the session handle. */
import type { TProAction, TProcessClientMsg, TProcessType } from '@cunzheng/contract/process';
import type { Pinned } from '../../platform/capture/guard.ts';
import type { RequestSummary } from '../../platform/capture/provenance.ts';
import type { TlsSeen } from '../../platform/capture/proxy.ts';
import type { VideoResult } from './video.ts';

export type EndReason = 'stop' | 'max' | 'idle' | 'disconnected' | 'crashed' | 'cancel';

/** The viewer's socket as the session sees it. */
export interface Viewer {
  send(data: Buffer | string): void;
  /** Bytes queued but not yet sent (frames are skipped above a threshold). */
  bufferedAmount(): number;
  /** Closes the socket (1000) after the last message. */
  close(): void;
}

export interface LiveOptions {
  id: number;
  type: TProcessType;
  /** Start address ('' = about:blank). */
  url: string;
  workDir: string;
  allowHosts: Set<string>;
  maxBytes: number;
  ffmpegPath: string;
  fps: number;
  maxMs: number;
  idleMs: number;
  reconnectMs: number;
  /** Desktop user agent (captureUserAgent); mobile sessions use MOBILE_UA of the same major version. */
  userAgent: string;
  software: string;
}

export interface Shot {
  t: number;
  url: string;
  file: string;
}

export interface LiveRecording {
  startedAt: Date;
  endedAt: Date;
  reason: EndReason;
  warcPath: string;
  requests: RequestSummary[];
  actions: TProAction[];
  shots: Shot[];
  videoPath: string;
  video: VideoResult;
  finalUrl: string;
  title: string;
  userAgent: string;
  browserVersion: string;
  os: string;
  hosts: Pinned[];
  tls: TlsSeen[];
  requestCount: number;
  totalBytes: number;
  truncated: boolean;
  notes: string[];
}

export interface LiveSession {
  /** Resolves once the browser runs (deadline known); rejects when it could not start. */
  readonly ready: Promise<{ deadline: number }>;
  /** Everything recorded, once ended. */
  readonly done: Promise<LiveRecording>;
  attach(v: Viewer): void;
  detach(v: Viewer): void;
  input(msg: TProcessClientMsg): Promise<void>;
  end(reason: EndReason): void;
  ended(): boolean;
  /** The viewer attached now, if any. */
  viewer(): Viewer | null;
}
