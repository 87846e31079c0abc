import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import type { CSSProperties } from 'react';

/**
 * "Bienvenido, <name>" atop both dashboards: the page's second heading level after its h1
 * ("Inicio"), drawn at antd's h4 size as before (an h4 there skipped two levels, Lighthouse's
 * heading-order).
 */
export function WelcomeTitle({ name, style }: { name: string | undefined; style: CSSProperties }) {
  const { token } = theme.useToken();
  return (
    <Typography.Title level={2} style={{ fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4, ...style }}>
      Bienvenido, {name}
    </Typography.Title>
  );
}
