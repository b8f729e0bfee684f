/**
 * /home (spec p2 §2): the landing page introducing the platform — deposit, certificate and public
 * verification — with entry points to deposit (login-guarded) and certificate lookup, and the FAQ
 * that the header's help link points to (`/home#help`). Plain markup and CSS only (no UI library),
 * so the landing page loads fast.
 */
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../../stores/session';
import { FAQ, FEATURES, HERO, STEPS, TRUST } from './content';
import './home.css';

/** Scrolls to `#id` after render (the router does not do it for in-app links). */
function useHashScroll(hash: string) {
  useEffect(() => {
    if (!hash) return;
    const el = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (el) el.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [hash]);
}

const FEATURE_ICONS: Record<string, string> = { deposit: '存', certificate: '证', verify: '验' };

export default function HomePage() {
  const { token } = useSession();
  const location = useLocation();
  useHashScroll(location.hash);

  return (
    <div className="home">
      <section className="home-hero">
        <div className="home-wrap home-hero-inner">
          <div className="home-hero-text">
            <h1>{HERO.title}</h1>
            <p>{HERO.lead}</p>
            <div className="home-hero-actions">
              <Link to="/attestation-all/data" className="home-btn home-btn-primary">
                立即存证
              </Link>
              <Link to="/newWeb" className="home-btn home-btn-ghost">
                网页取证
              </Link>
              <Link to="/queryAuthentication/safekeeping" className="home-btn home-btn-ghost">
                查询证书
              </Link>
            </div>
          </div>
          <div className="home-cert" aria-hidden="true">
            <div className="home-cert-title">保全证书</div>
            <dl>
              <dt>保全号</dt>
              <dd>唯一编号，可凭此查询</dd>
              <dt>文件指纹（SHA-256）</dt>
              <dd className="mono">64 位十六进制摘要</dd>
              <dt>账本交易哈希</dt>
              <dd className="mono">点击可在账本浏览器核验</dd>
              <dt>存证时间</dt>
              <dd>RFC 3161 可信时间戳</dd>
            </dl>
            <div className="home-cert-seal">已上链</div>
          </div>
        </div>
      </section>

      <section className="home-section">
        <div className="home-wrap">
          <h2>三步完成存证</h2>
          <ol className="home-steps">
            {STEPS.map((s, i) => (
              <li key={s.title}>
                <span className="home-step-no">{i + 1}</span>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="home-section home-section-alt">
        <div className="home-wrap">
          <h2>存证、出证、验证，一站完成</h2>
          <div className="home-features">
            {FEATURES.map((f) => (
              <article key={f.key} className="home-feature">
                <span className="home-feature-icon">{FEATURE_ICONS[f.key]}</span>
                <h3>{f.title}</h3>
                <p>{f.text}</p>
                <ul>
                  {f.points.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="home-section">
        <div className="home-wrap">
          <h2>为什么值得信任</h2>
          <div className="home-trust">
            {TRUST.map((t) => (
              <div key={t.title} className="home-trust-item">
                <h3>{t.title}</h3>
                <p>{t.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="home-section home-section-alt" id="help">
        <div className="home-wrap home-faq">
          <h2>常见问题</h2>
          <div className="home-faq-list">
            {FAQ.map((f, i) => (
              <details key={f.q} open={i === 0}>
                <summary>{f.q}</summary>
                <p className="home-faq-a">{f.a}</p>
              </details>
            ))}
          </div>
          <p className="home-faq-more">
            <Link to="/helpCenter">更多问题，查看帮助中心</Link>
          </p>
        </div>
      </section>

      <section className="home-cta">
        <div className="home-wrap">
          <h2>现在开始保全您的电子数据</h2>
          {token ? (
            <Link to="/attestation-all/data" className="home-btn home-btn-primary">
              进入数据存证
            </Link>
          ) : (
            <div className="home-hero-actions home-cta-actions">
              <Link to="/register" className="home-btn home-btn-primary">
                免费注册
              </Link>
              <Link to="/login" className="home-btn">
                已有账号，登录
              </Link>
            </div>
          )}
        </div>
      </section>
    </div>
  );
}
