/**
 * Reads an uploaded audio file's duration and codec with ffprobe (Debian package `ffmpeg`; issue 12 §2:
 * "duration read from the file"). The file is untrusted: ffprobe may only open the local file itself
 * (`-protocol_whitelist file`) with the audio/video container demuxers listed below (no playlists, no
 * concat lists that could point elsewhere), and is killed after `timeoutMs`.
 */
import { execFile } from 'node:child_process';

/** Demuxers accepted for a music work: MP3, WAV, FLAC, AAC (ADTS), MP4/M4A/MOV, Ogg/Opus, Matroska/WebM, WMA (ASF), AIFF, APE, AMR, WavPack. */
export const AUDIO_DEMUXERS = 'mp3,wav,flac,aac,mov,ogg,matroska,asf,aiff,ape,amr,wv';

/** What ffprobe says of a file: duration in ms (0 unknown), the first audio stream's codec; null when it is no audio. */
export interface AudioProbe {
  durationMs: number;
  codec: string;
  format: string;
}

/** Probes `filePath`. Resolves null when the file is not an audio container with an audio stream (or ffprobe fails). */
export function probeAudio(ffprobePath: string, filePath: string, timeoutMs = 20_000): Promise<AudioProbe | null> {
  const args = ['-v', 'error', '-protocol_whitelist', 'file', '-format_whitelist', AUDIO_DEMUXERS, '-print_format', 'json', '-show_entries', 'format=format_name,duration:stream=codec_type,codec_name,duration', `file:${filePath}`];
  return new Promise((resolve) => {
    execFile(ffprobePath, args, { timeout: timeoutMs, maxBuffer: 1024 * 1024, killSignal: 'SIGKILL' }, (err, stdout) => {
      if (err) return resolve(null);
      try {
        const j = JSON.parse(stdout) as { streams?: Array<{ codec_type?: string; codec_name?: string; duration?: string }>; format?: { format_name?: string; duration?: string } };
        const audio = (j.streams ?? []).find((s) => s.codec_type === 'audio');
        if (!audio || !j.format?.format_name) return resolve(null);
        const secs = Number(j.format.duration ?? audio.duration ?? 0);
        resolve({ durationMs: Number.isFinite(secs) && secs > 0 ? Math.round(secs * 1000) : 0, codec: (audio.codec_name ?? '').slice(0, 40), format: j.format.format_name.slice(0, 60) });
      } catch {
        resolve(null);
      }
    });
  });
}
