import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import type { CSSProperties, ReactNode } from 'react';

/**
 * The screen's one `h1` (issue 51: a screen reader lists a page by it), drawn at the size of
 * antd's level 3 that every screen has shown; `id="page-title"` names the screen's section.
 */
export function PageTitle({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  const { token } = theme.useToken();
  return (
    <Typography.Title level={1} id="page-title" style={{ fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3, ...style }}>
      {children}
    </Typography.Title>
  );
}
