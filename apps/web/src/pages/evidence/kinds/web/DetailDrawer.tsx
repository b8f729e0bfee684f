/**
 * Detail drawer of one web capture (issue 4 §2 POST /api/webforlist/clickWebFor): the screenshot,
 * the capture facts, the provenance summary (capture time, browser and OS, user agent, server
 * address, hosts with resolved IPs, TLS of each https origin) and every artefact of the WACZ package
 * with its size and SHA-256.
 */
import { Link } from 'react-router';
import { Alert, Button, Descriptions, Drawer, Empty, Grid, Space, Spin, Table, Typography } from 'antd';
import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table';
import type { TWebArtefact, TWebProvenance } from '@cunzheng/contract/forensics';
import { clickWebFor } from '../../../../api/forensics';
import { WebStatusTag, webCertificatePath } from '../../../../components/evidence/web';
import { formatDateTime, formatSize } from '../../../../utils/format';

export interface DetailDrawerProps {
  /** Capture id; null closes the drawer. */
  id: number | null;
  onClose: () => void;
  onDownload: (id: number) => void;
}

const artefactColumns: ColumnsType<TWebArtefact> = [
  {
    title: '文件',
    dataIndex: 'name',
    render: (n: string, a) => (
      <div className="evidence-title">
        <div className="evidence-title-main">{n}</div>
        <div className="evidence-title-sub mono">{a.path}</div>
      </div>
    ),
  },
  { title: '大小', dataIndex: 'size', width: 96, render: (s: number) => formatSize(s) },
  {
    title: 'SHA-256',
    dataIndex: 'sha256',
    render: (h: string) => (
      <Typography.Text className="mono web-hash" copyable={{ text: h, tooltips: ['复制', '已复制'] }}>
        {h}
      </Typography.Text>
    ),
  },
];

/** The provenance block (null until the capture is done). */
function Provenance({ p, layout }: { p: TWebProvenance; layout: 'horizontal' | 'vertical' }) {
  return (
    <>
      <Descriptions size="small" column={1} bordered layout={layout} className="web-detail-desc">
        <Descriptions.Item label="取证时间">
          {formatDateTime(p.captureTime)} <span className="muted">({p.captureTimeIso})</span>
        </Descriptions.Item>
        <Descriptions.Item label="HTTP 状态码">{p.statusCode}</Descriptions.Item>
        <Descriptions.Item label="浏览器">{p.browser}</Descriptions.Item>
        <Descriptions.Item label="操作系统">{p.os}</Descriptions.Item>
        <Descriptions.Item label="User-Agent">
          <span className="mono">{p.userAgent}</span>
        </Descriptions.Item>
        <Descriptions.Item label="取证服务器地址">{p.publicAddress || <span className="muted">未配置</span>}</Descriptions.Item>
        <Descriptions.Item label="视口 / 语言 / 时区">
          {p.viewport} / {p.locale} / {p.timezone}
        </Descriptions.Item>
        <Descriptions.Item label="网络请求">
          {p.requestCount} 个，共 {formatSize(p.totalBytes)}
          {p.truncated ? <span className="web-bad">（达到大小或时间上限，记录不完整）</span> : null}
        </Descriptions.Item>
        <Descriptions.Item label="时间戳">{p.timestampToken ? 'RFC 3161 时间戳已签发' : p.timestampNote || <span className="muted">无</span>}</Descriptions.Item>
        <Descriptions.Item label="WACZ 签名">{p.signature.algorithm || '-'}</Descriptions.Item>
      </Descriptions>
      {p.hosts.length > 0 ? (
        <>
          <h4 className="web-detail-h">访问的主机与解析地址</h4>
          <ul className="web-detail-list">
            {p.hosts.map((h) => (
              <li key={h.host}>
                <span className="mono">{h.host}</span> → <span className="mono">{h.ips.join(', ') || '-'}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {p.tls.length > 0 ? (
        <>
          <h4 className="web-detail-h">TLS 证书</h4>
          <ul className="web-detail-list">
            {p.tls.map((t) => (
              <li key={t.origin}>
                <div className="mono">{t.origin}</div>
                <div className="muted">
                  {t.protocol} · {t.subject} · 签发者 {t.issuer} · 有效期至 {t.validTo} · 证书链 {t.chainLength} 张 ·{' '}
                  {t.authorized ? <span className="web-ok">受信任</span> : <span className="web-bad">未通过校验（{t.error}）</span>}
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {p.notes.length > 0 ? <Alert type="info" className="web-detail-notes" title={p.notes.join('；')} /> : null}
    </>
  );
}

export function DetailDrawer({ id, onClose, onDownload }: DetailDrawerProps) {
  const { md } = Grid.useBreakpoint();
  const q = useQuery({ queryKey: ['webforlist/clickWebFor', id], queryFn: () => clickWebFor(id ?? 0), enabled: id !== null, retry: false });
  const d = q.data;
  // Under 768 px labels go above their values so hashes and addresses get the full width.
  const layout = md ? 'horizontal' : 'vertical';
  const c = d?.capture;

  return (
    <Drawer
      title="取证详情"
      open={id !== null}
      onClose={onClose}
      size={md ? 760 : '100%'}
      destroyOnHidden
      extra={
        c && c.status === 2 ? (
          <Space>
            <Link to={webCertificatePath(c.baoquan)}>
              <Button icon={<SafetyCertificateOutlined />}>证书</Button>
            </Link>
            <Button type="primary" icon={<DownloadOutlined />} onClick={() => onDownload(c.id)}>
              下载
            </Button>
          </Space>
        ) : null
      }
    >
      {q.isError ? <Empty description="详情加载失败" /> : null}
      {!c && !q.isError ? <Spin className="web-detail-spin" /> : null}
      {c ? (
        <div className="web-detail">
          {d.screenshotUrl ? (
            <div className="web-detail-shot">
              <a href={d.screenshotUrl} target="_blank" rel="noopener noreferrer" title="查看完整截图">
                <img src={d.screenshotUrl} alt={`网页截图：${c.title || c.url}`} />
              </a>
            </div>
          ) : null}
          <Descriptions size="small" column={1} bordered layout={layout} className="web-detail-desc">
            <Descriptions.Item label="保全号">{c.baoquan ? <Link to={webCertificatePath(c.baoquan)}>{c.baoquan}</Link> : '—'}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <WebStatusTag status={c.status} /> {c.status === 3 ? <span className="web-bad">{c.reason}</span> : null}
            </Descriptions.Item>
            <Descriptions.Item label="标题">{c.title || '-'}</Descriptions.Item>
            <Descriptions.Item label="网页地址">
              <span className="web-url">{c.url}</span>
            </Descriptions.Item>
            {c.finalUrl && c.finalUrl !== c.url ? (
              <Descriptions.Item label="最终地址">
                <span className="web-url">{c.finalUrl}</span>
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label="标签">{c.label || <span className="muted">无</span>}</Descriptions.Item>
            <Descriptions.Item label="取证时间">{formatDateTime(c.saveTime)}</Descriptions.Item>
            {c.status === 2 ? (
              <>
                <Descriptions.Item label="证据包（WACZ）">{formatSize(c.size)}</Descriptions.Item>
                <Descriptions.Item label="SHA-256">
                  <Typography.Text className="mono web-hash" copyable={{ text: c.sha256, tooltips: ['复制', '已复制'] }}>
                    {c.sha256}
                  </Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label="账本存证哈希">
                  <Link to={`/ledger/${c.chainhash}`} className="mono-link">
                    {c.chainhash}
                  </Link>
                </Descriptions.Item>
              </>
            ) : null}
          </Descriptions>
          {c.provenance ? (
            <>
              <h3 className="web-detail-section">取证环境</h3>
              <Provenance p={c.provenance} layout={layout} />
            </>
          ) : null}
          <h3 className="web-detail-section">证据包文件（{d.artefacts.length}）</h3>
          <Table<TWebArtefact>
            rowKey="path"
            columns={artefactColumns}
            dataSource={d.artefacts}
            pagination={false}
            size="small"
            scroll={{ x: 640 }}
            locale={{ emptyText: c.status === 2 ? '无文件' : '取证完成后显示证据包中的文件' }}
            data-testid="artefact-table"
          />
        </div>
      ) : null}
    </Drawer>
  );
}
