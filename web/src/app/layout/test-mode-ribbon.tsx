import theme from 'antd/es/theme';
import { useTestModeNotice } from '../../lib/test-mode';

/**
 * "Modo de prueba: banco e imprenta simulados" across the top of every logged-in screen while
 * the server runs on simulators: nobody takes a simulated approval or invoice for a real one.
 */
export function TestModeRibbon() {
  const notice = useTestModeNotice();
  const { token } = theme.useToken();
  if (!notice) return null;
  return (
    <div
      role="note"
      style={{
        background: token.colorWarningBg,
        color: token.colorText,
        borderBottom: `1px solid ${token.colorWarningBorder}`,
        textAlign: 'center',
        padding: '4px 12px',
        fontWeight: 600,
      }}
    >
      {notice}
    </div>
  );
}
