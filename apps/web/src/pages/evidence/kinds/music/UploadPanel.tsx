/**
 * Deposit a music work (issue 12 §2): choose the audio (required) and, optionally, a lyrics file and a
 * score file; fill in the work (作品名称 required; 作词, 作曲, 表演者, 专辑, ISRC checked as ISO 3901, 标签);
 * upload the three files in one request with a progress bar and a cancel button (POST /api/music/upload);
 * the duration is read from the audio by the server. On success the new certificate number links to its
 * certificate. The same messages as the server's (contract MSG) are shown before sending.
 */
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, App, AutoComplete, Button, Card, Flex, Form, Input, Progress, Upload } from 'antd';
import { CustomerServiceOutlined, FileImageOutlined, FileTextOutlined } from '@ant-design/icons';
import { LABEL_MAX } from '@cunzheng/contract/constants';
import { certificatePath } from '@cunzheng/contract/evidenceKinds';
import { MSG } from '@cunzheng/contract/messages';
import { MUSIC_ALBUM_MAX, MUSIC_MAX_BYTES, MUSIC_PERSON_MAX, MUSIC_WORK_TITLE_MAX, parseIsrc } from '@cunzheng/contract/music';
import { uploadMusic, type MusicItem } from '../../../../api/music';
import { formatSize } from '../../../../utils/format';
import { optionalTextRules, textRules } from '../../../../utils/rules';
import { formatDuration } from './format';
import './music.css';

interface WorkForm {
  workTitle: string;
  lyricist?: string;
  composer?: string;
  performer?: string;
  album?: string;
  isrc?: string;
  label?: string;
}

type Slot = 'audio' | 'lyrics' | 'score';

/** What each file slot accepts (the server checks the bytes again). */
const SLOTS: Record<Slot, { label: string; hint: string; accept: string; icon: React.ReactNode; max: number }> = {
  audio: { label: '音频文件（必选）', hint: 'MP3、WAV、FLAC、AAC、M4A、OGG，不超过 200 MB', accept: '.mp3,.wav,.flac,.aac,.m4a,.ogg,.opus,.wma,.aiff,.ape,.amr,audio/*', icon: <CustomerServiceOutlined />, max: MUSIC_MAX_BYTES.audio },
  lyrics: { label: '歌词（可选）', hint: 'TXT、LRC、PDF、DOCX', accept: '.txt,.lrc,.pdf,.docx', icon: <FileTextOutlined />, max: MUSIC_MAX_BYTES.lyrics },
  score: { label: '曲谱（可选）', hint: 'PDF、PNG、JPG、MusicXML、MIDI', accept: '.pdf,.png,.jpg,.jpeg,.musicxml,.xml,.mxl,.mid,.midi', icon: <FileImageOutlined />, max: MUSIC_MAX_BYTES.score },
};

/** Checks a chosen file against its slot; the message to show, or null. */
export function checkMusicFile(slot: Slot, f: { size: number }): string | null {
  if (f.size <= 0) return MSG.FILE_EMPTY;
  if (f.size > SLOTS[slot].max) return MSG.FILE_TOO_LARGE;
  return null;
}

export function MusicUploadPanel({ labels, onUploaded }: { labels: string[]; onUploaded: (r: MusicItem) => void }) {
  const [form] = Form.useForm<WorkForm>();
  const [files, setFiles] = useState<Partial<Record<Slot, File>>>({});
  const [percent, setPercent] = useState<number | null>(null);
  const [done, setDone] = useState<MusicItem | null>(null);
  const abort = useRef<AbortController | null>(null);
  const { message } = App.useApp();
  const uploading = percent !== null;

  const choose = (slot: Slot, f: File) => {
    const problem = checkMusicFile(slot, f);
    if (problem) {
      void message.error(problem);
      return;
    }
    setFiles((x) => ({ ...x, [slot]: f }));
    setDone(null);
  };

  const submit = async (v: WorkForm) => {
    if (!files.audio) {
      void message.warning(MSG.MUSIC_AUDIO_REQUIRED);
      return;
    }
    const ctrl = new AbortController();
    abort.current = ctrl;
    setPercent(0);
    try {
      const r = await uploadMusic({ audio: files.audio, lyrics: files.lyrics, score: files.score, workTitle: v.workTitle.trim(), lyricist: v.lyricist?.trim(), composer: v.composer?.trim(), performer: v.performer?.trim(), album: v.album?.trim(), isrc: v.isrc?.trim(), label: v.label?.trim() }, (p) => setPercent(p.percent), ctrl.signal);
      void message.success(MSG.UPLOAD_SUCCESS);
      setDone(r);
      setFiles({});
      form.resetFields();
      onUploaded(r);
    } catch {
      if (ctrl.signal.aborted) void message.info('已取消上传，作品未存证');
    } finally {
      abort.current = null;
      setPercent(null);
    }
  };

  return (
    <Card title="音乐作品存证" className="upload-panel music-upload" size="small">
      <div className="music-slots">
        {(Object.keys(SLOTS) as Slot[]).map((slot) => {
          const s = SLOTS[slot];
          const f = files[slot];
          return (
            <div key={slot} className="music-slot" data-testid={`music-slot-${slot}`}>
              <Upload.Dragger
                multiple={false}
                showUploadList={false}
                disabled={uploading}
                accept={s.accept}
                beforeUpload={(file) => {
                  choose(slot, file);
                  return Upload.LIST_IGNORE;
                }}
              >
                <p className="upload-icon">{s.icon}</p>
                <p className="upload-text">{s.label}</p>
                <p className="upload-hint">{s.hint}</p>
              </Upload.Dragger>
              {f ? (
                <Flex className="upload-file" align="center" gap={6}>
                  <span className="upload-file-name">{f.name}</span>
                  <span className="upload-file-size">{formatSize(f.size)}</span>
                  {!uploading ? (
                    <Button type="link" size="small" onClick={() => setFiles((x) => ({ ...x, [slot]: undefined }))}>
                      移除
                    </Button>
                  ) : null}
                </Flex>
              ) : null}
            </div>
          );
        })}
      </div>
      <Form form={form} layout="vertical" onFinish={submit} className="upload-form" disabled={uploading}>
        <div className="upload-fields music-fields">
          <Form.Item name="workTitle" label="作品名称" rules={textRules(MSG.MUSIC_WORK_TITLE_REQUIRED, MUSIC_WORK_TITLE_MAX, '作品名称').map((r, i) => (i === 1 ? { max: MUSIC_WORK_TITLE_MAX, message: MSG.MUSIC_WORK_TITLE_TOO_LONG } : r))}>
            <Input placeholder="如：月光下的小河" maxLength={MUSIC_WORK_TITLE_MAX} />
          </Form.Item>
          <Form.Item name="lyricist" label="作词（选填）" rules={optionalTextRules(MUSIC_PERSON_MAX, MSG.MUSIC_LYRICIST_TOO_LONG, '作词')}>
            <Input maxLength={MUSIC_PERSON_MAX} />
          </Form.Item>
          <Form.Item name="composer" label="作曲（选填）" rules={optionalTextRules(MUSIC_PERSON_MAX, MSG.MUSIC_COMPOSER_TOO_LONG, '作曲')}>
            <Input maxLength={MUSIC_PERSON_MAX} />
          </Form.Item>
          <Form.Item name="performer" label="表演者（选填）" rules={optionalTextRules(MUSIC_PERSON_MAX, MSG.MUSIC_PERFORMER_TOO_LONG, '表演者')}>
            <Input maxLength={MUSIC_PERSON_MAX} />
          </Form.Item>
          <Form.Item name="album" label="专辑（选填）" rules={optionalTextRules(MUSIC_ALBUM_MAX, MSG.MUSIC_ALBUM_TOO_LONG, '专辑')}>
            <Input maxLength={MUSIC_ALBUM_MAX} />
          </Form.Item>
          <Form.Item name="isrc" label="ISRC（选填）" rules={[{ validator: (_r, v?: string) => (!v || !v.trim() || parseIsrc(v) ? Promise.resolve() : Promise.reject(new Error(MSG.MUSIC_ISRC_INVALID))) }]}>
            <Input placeholder="CN-A12-26-00001" maxLength={20} />
          </Form.Item>
          <Form.Item name="label" label="标签（选填）" rules={optionalTextRules(LABEL_MAX, MSG.LABEL_TOO_LONG, '标签')}>
            <AutoComplete options={labels.map((l) => ({ value: l }))} placeholder="如：原创、单曲" maxLength={LABEL_MAX} filterOption />
          </Form.Item>
        </div>
        <p className="music-note">时长由平台从音频文件中读取；音频的 SHA-256 写入账本，歌词与曲谱的摘要记录在同一份证书中。</p>
        {uploading ? null : (
          <Button type="primary" htmlType="submit" disabled={!files.audio} icon={<CustomerServiceOutlined />}>
            开始存证
          </Button>
        )}
      </Form>
      {uploading ? (
        <div className="upload-progress">
          <Progress percent={percent ?? 0} status="active" />
          <Button disabled={percent === 100} onClick={() => abort.current?.abort()}>
            {percent === 100 ? '正在保全…' : '取消上传'}
          </Button>
        </div>
      ) : null}
      {done ? (
        <Alert
          className="upload-done"
          type="success"
          showIcon
          title="存证成功"
          description={
            <span>
              《{done.workTitle}》保全号 <Link to={certificatePath('music', done.baoquan)}>{done.baoquan}</Link>，时长 {formatDuration(done.duration)}。
              <Link to={certificatePath('music', done.baoquan)}>查看保全证书</Link>
            </span>
          }
          closable={{ onClose: () => setDone(null) }}
        />
      ) : null}
    </Card>
  );
}
