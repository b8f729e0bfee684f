/**
 * Routes /newProcess and /newMobile — start a process-evidence session (过程取证 / 手机过程取证; issue 11
 * §2; spec p2 §2 "Evidences"): target address (optional, http(s), shared validator) and title (optional,
 * ≤ 100), then POST /api/processforensics/addProcess and on to the queue page of the session. A user who
 * already has a live session is taken back to it (`resumed`).
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { App, Button, Card, Form, Input, Space } from 'antd';
import { MobileOutlined, PlayCircleOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { TITLE_MAX } from '@cunzheng/contract/constants';
import { EVIDENCE_KIND } from '@cunzheng/contract/evidenceKinds';
import { MSG } from '@cunzheng/contract/messages';
import { PROCESS_TYPE } from '@cunzheng/contract/process';
import { toRule, validateEvidenceUrl } from '@cunzheng/contract/validators';
import { addProcess } from '../../../api/process';
import { optionalTextRules } from '../../../utils/rules';
import '../process.css';

interface StartForm {
  url?: string;
  title?: string;
}

/** Steps shown beside the form. */
const STEPS = ['填写要访问的网址和标题，点击“开始取证”', '排队等待云端浏览器（空闲时立即开始）', '在页面中直接操作云端浏览器：点击、输入、滚动、输入网址', '点击“结束取证”，录像、操作日志和网页存档自动保全并写入账本'];

export default function NewProcess({ kind = 'process' }: { kind?: 'process' | 'mobile' }) {
  const def = EVIDENCE_KIND[kind];
  const [form] = Form.useForm<StartForm>();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const { message } = App.useApp();

  const start = async (v: StartForm) => {
    setBusy(true);
    try {
      const s = await addProcess(kind === 'mobile' ? PROCESS_TYPE.mobile : PROCESS_TYPE.process, v.url?.trim(), v.title?.trim());
      if (s.resumed) message.info('您有一个进行中的取证，已为您打开');
      // A resumed session may be of the other kind: open it where it belongs.
      navigate(`${EVIDENCE_KIND[s.type === PROCESS_TYPE.mobile ? 'mobile' : 'process'].routes.queue}/${s.id}`);
    } catch {
      // the wrapper showed the reason (排队人数过多 …)
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page pro-page">
      <div className="page-head">
        <div>
          <h1>{def.name}</h1>
          <p>
            {kind === 'mobile'
              ? '在云端的全新手机浏览器（手机尺寸、触屏、手机 UA）中操作，全程录像并记录每一次操作与网络请求'
              : '在云端的全新浏览器中操作（登录网站、浏览聊天记录、播放视频），全程录像并记录每一次操作与网络请求'}
          </p>
        </div>
        <Link to={def.routes.list}>
          <Button icon={<UnorderedListOutlined />}>我的{def.name}</Button>
        </Link>
      </div>
      <div className="pro-new">
        <Card size="small" className="pro-new-card">
          <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void start(v)} disabled={busy}>
            <Form.Item
              name="url"
              label="目标网址（选填）"
              validateTrigger="onBlur"
              rules={[{ validator: (_r, v: string | undefined) => (v?.trim() ? toRule(validateEvidenceUrl(v.trim())) : Promise.resolve()) }]}
              extra="以 http:// 或 https:// 开头；不填则从空白页开始，可在取证中输入网址"
            >
              <Input size="large" placeholder="请输入要访问的网址" maxLength={2048} allowClear inputMode="url" autoComplete="off" />
            </Form.Item>
            <Form.Item name="title" label="标题（选填）" rules={optionalTextRules(TITLE_MAX, MSG.TITLE_TOO_LONG, '标题')}>
              <Input placeholder="默认使用“过程取证”和开始时间" maxLength={TITLE_MAX} />
            </Form.Item>
            <Space wrap>
              <Button type="primary" size="large" htmlType="submit" loading={busy} icon={kind === 'mobile' ? <MobileOutlined /> : <PlayCircleOutlined />}>
                开始取证
              </Button>
            </Space>
          </Form>
        </Card>
        <ol className="pro-steps">
          {STEPS.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      </div>
    </div>
  );
}
