/**
 * /production 产品介绍 (spec p2 §2): what the platform offers (data deposit, web capture, certificates,
 * extraction codes, public verification, evidence packages, stamps), how it works (hash, ledger,
 * checkpoints, RFC 3161 time, anchoring), typical uses and the steps to start. Plain markup.
 */
import { Link } from 'react-router';
import { useSession } from '../../../stores/session';
import '../shared/public.css';

const FEATURES = [
  { title: '数据存证', tag: '文件', text: '上传任意格式的文件，服务器边接收边计算 SHA-256 指纹，文件原样保存，立即出具保全证书。默认单个文件最大 2 GB，支持标签分类、检索和批量下载。' },
  { title: '网页取证', tag: '网页', text: '提交网址，由平台服务器在独立浏览器环境中访问并保存网页内容、截图和完整网络记录（WARC/WACZ），支持单个和批量取证，结果可回放、可核验。' },
  { title: '保全证书', tag: '出证', text: '每份存证对应一张带保全号的证书，中英文双语，显示文件指纹、存证时间、账本交易哈希和可信时间戳，可打印，可下载带数字签名的 PDF。' },
  { title: '证据提取码', tag: '分享', text: '把证书链接和 6 位提取码告诉律师或法院，对方即可下载原始文件；没有提取码只能阅读证书。提取码可随时经短信验证重置，每次提取都会通知您。' },
  { title: '公开核验', tag: '验证', text: '任何人无需登录即可凭保全号、文件或 SHA-256 查询证书；账本浏览器在访问者的浏览器中重新计算包含证明，不依赖平台的结论。' },
  { title: '证据包', tag: '离线', text: '一个 zip 包含原始文件、签名证书、账本条目、包含证明、签名检查点和时间戳，附逐步说明，用 OpenSSL、sha256sum 等公开工具即可离线核验。' },
  { title: '签章管理', tag: '签署', text: '上传透明背景的 PNG 签章，或在线生成圆形企业印章、方形个人印章，设置默认章，供在线签署使用。' },
  { title: '企业账号', tag: '团队', text: '以企业名义存证，证书上的保全人为企业名称，适合保存合同、设计稿、源代码和往来邮件等业务数据。' },
] as const;

const TECH = [
  { title: '文件指纹', std: 'SHA-256', text: '对文件的每一个字节计算摘要，改动任何一处指纹都会完全不同。' },
  { title: '只追加账本', std: 'RFC 6962 默克尔树', text: '每份存证是账本中的一个条目；账本只追加、不改写，任意两个时点之间可出具一致性证明。' },
  { title: '签名检查点', std: 'C2SP checkpoint · Ed25519', text: '定期对账本的根哈希签名并公开发布，公钥可公开获取。' },
  { title: '可信时间戳', std: 'RFC 3161', text: '每个条目取得可信时间戳，可用 openssl ts -verify 独立验证。' },
  { title: '区块链锚定', std: 'EVM 兼容链', text: '检查点根哈希定期写入外部区块链，在区块浏览器中即可查看。' },
  { title: '隐私保护', std: '加盐承诺', text: '公开账本只有指纹和加盐的所有者承诺，不含文件内容和个人信息。' },
] as const;

const USES = [
  '原创作品、设计稿、源代码在发布前存证，固定创作完成时间',
  '电子合同、往来邮件、聊天记录导出文件留存，防止事后被否认或篡改',
  '对侵权网页、虚假宣传页面进行网页取证，保存当时的页面内容',
  '企业经营数据、审计底稿、投标文件按时点归档，满足合规留存要求',
  '个人重要文件（证明材料、录音录像）存证，必要时向律师或法院提供',
] as const;

export default function ProductionPage() {
  const { token } = useSession();
  return (
    <div>
      <section className="pub-hero">
        <h1>产品介绍</h1>
        <p>为个人和企业提供电子数据存证、网页取证和保全证书出具服务。每一份存证都写入公开可验证的只追加账本，并加盖可信时间戳，任何人都可以独立核验，不需要相信平台的一面之词。</p>
        <div className="pub-actions">
          <Link to={token ? '/attestation-all/data' : '/register'} className="pub-btn pub-btn-primary">
            {token ? '立即存证' : '免费注册'}
          </Link>
          <Link to="/queryAuthentication/safekeeping" className="pub-btn">
            查询证书
          </Link>
        </div>
      </section>

      <div className="pub-page">
        <h2 className="visually-hidden">核心功能</h2>
        <div className="pub-grid">
          {FEATURES.map((f) => (
            <article key={f.title} className="pub-card">
              <h2>
                {f.title} <span className="pub-tag">{f.tag}</span>
              </h2>
              <p>{f.text}</p>
            </article>
          ))}
        </div>

        <section className="pub-card">
          <h2>技术原理</h2>
          <p>证书的可信度来自公开标准和可重复的计算，而不是平台的信誉：</p>
          <div className="pub-grid">
            {TECH.map((t) => (
              <div key={t.title}>
                <h3>{t.title}</h3>
                <div className="prod-std">{t.std}</div>
                <p>{t.text}</p>
              </div>
            ))}
          </div>
        </section>

        <section className="pub-card">
          <h2>适用场景</h2>
          <ul>
            {USES.map((u) => (
              <li key={u}>{u}</li>
            ))}
          </ul>
        </section>

        <section className="pub-card">
          <h2>三步开始</h2>
          <ol className="prod-steps">
            <li>用手机号注册个人或企业账号，登录后进入“数据存证”。</li>
            <li>上传文件或提交网址取证，平台计算指纹、写入账本并加盖时间戳。</li>
            <li>获得保全证书：分享证书链接，必要时连同证据提取码一起提供给需要原始文件的人。</li>
          </ol>
          <p>
            更多问题请查看<Link to="/helpCenter">帮助中心</Link>，服务规则见<Link to="/clause">存证服务规则</Link>。
          </p>
        </section>
      </div>
    </div>
  );
}
