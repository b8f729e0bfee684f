/**
 * The centred card that frames the login, register and reset pages (spec p2 §2 public routes);
 * full width with small padding under 768 px.
 */
import type { ReactNode } from 'react';
import { Card, Grid, Typography } from 'antd';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const { md } = Grid.useBreakpoint();
  return (
    <div className="auth-page">
      <Card className="auth-card" variant={md ? 'outlined' : 'borderless'} styles={{ body: { padding: md ? '32px 40px' : '24px 16px' } }}>
        <Typography.Title level={3} style={{ marginTop: 0, marginBottom: subtitle ? 4 : 24, textAlign: 'center' }}>
          {title}
        </Typography.Title>
        {subtitle ? (
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 24 }}>
            {subtitle}
          </Typography.Paragraph>
        ) : null}
        {children}
      </Card>
    </div>
  );
}
