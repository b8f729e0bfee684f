/**
 * The centred card that frames the login, register and reset pages (spec p2 §2 public routes);
 * full width, borderless and with small padding under 768 px. Plain markup (issue 16: these pages
 * do not load antd; styles in ../light/auth.css).
 */
import type { ReactNode } from 'react';
import '../light/auth.css';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="auth-page">
      <div className="auth-card lf-card">
        <h3 className={`lf-title${subtitle ? ' lf-title-sub' : ''}`}>{title}</h3>
        {subtitle ? <p className="lf-subtitle">{subtitle}</p> : null}
        {children}
      </div>
    </div>
  );
}
