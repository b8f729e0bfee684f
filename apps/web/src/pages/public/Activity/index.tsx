/**
 * /activity 平台活动 (spec p2 §2): the current offer — free deposit and web capture during the public
 * beta (no points are deducted today) — with its rules. Plain markup.
 */
import { Link } from 'react-router';
import { useSession } from '../../../stores/session';
import '../shared/public.css';

export default function ActivityPage() {
  const { token } = useSession();
  return (
    <div>
      <section className="pub-hero">
        <h1>平台活动</h1>
        <p>公测期间，数据存证和网页取证免费使用。</p>
        <div className="pub-actions">
          <Link to={token ? '/attestation-all/data' : '/register'} className="pub-btn pub-btn-primary">
            {token ? '立即存证' : '注册参加'}
          </Link>
        </div>
      </section>
      <div className="pub-page">
        <article className="pub-card">
          <h2>
            公测免费存证 <span className="pub-tag pub-tag-green">进行中</span>
          </h2>
          <h3>活动时间</h3>
          <p>即日起至正式计费规则上线。计费规则上线前，我们会通过站内公告提前告知收费标准和生效日期。</p>
          <h3>参与方式</h3>
          <p>注册个人或企业账号即可参加，无需报名。</p>
          <h3>活动内容</h3>
          <ul>
            <li>数据存证不扣除积分：上传文件、出具保全证书、下载证据和证据包。</li>
            <li>网页取证不扣除积分：单个网址取证和批量网址取证。</li>
            <li>在线生成企业印章和个人印章不收费。</li>
          </ul>
          <h3>活动规则</h3>
          <ol>
            <li>公测期间出具的保全证书与正式计费后出具的证书效力相同，计费上线后仍可查询和核验。</li>
            <li>单个文件默认最大 2 GB；请将平台用于证据保全，不要当作网盘存放与存证无关的大量文件。</li>
            <li>以自动化脚本批量注册、恶意占用资源或违反《用户服务协议》的账号，平台有权限制其使用。</li>
          </ol>
        </article>
        <p className="help-count">
          活动规则与《<Link to="/user-agreement">用户服务协议</Link>》《<Link to="/clause">存证服务规则</Link>》共同适用。
        </p>
      </div>
    </div>
  );
}
