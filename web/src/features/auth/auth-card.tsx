import theme from 'antd/es/theme';
import type { ReactNode } from 'react';

/** The frame of the public auth pages (registration, forgot and reset password), like the login's. */
export function AuthCard({ title, subtitle, children, width = 520 }: { title: string; subtitle?: ReactNode; children: ReactNode; width?: number }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        maxWidth: width,
        margin: '0 auto',
        // A phone's 390 px leave little room: the padding shrinks with the screen.
        padding: 'clamp(16px, 6vw, 32px)',
        background: token.colorBgContainer,
        color: token.colorText,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowTertiary,
      }}
    >
      <p style={{ margin: 0, textAlign: 'center', fontSize: token.fontSizeHeading3, fontWeight: 600, color: token.colorPrimary }}>Recaudo</p>
      <h1 style={{ margin: '16px 0 4px', fontSize: token.fontSizeHeading4 }}>{title}</h1>
      {subtitle && <p style={{ marginTop: 0, color: token.colorTextSecondary }}>{subtitle}</p>}
      {children}
    </div>
  );
}
