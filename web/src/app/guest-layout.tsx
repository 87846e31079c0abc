import Button from 'antd/es/button';
import theme from 'antd/es/theme';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../lib/session';
import { TouchTargets } from './layout/touch-targets';

/**
 * The plain frame of the logged-out pages, the forced password change and the forced enrolment:
 * no menu, content centred on the page background, touch-sized controls (a new client registers
 * and logs in from a phone).
 */
export default function GuestLayout({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const { session, signOut } = useSession();
  const navigate = useNavigate();
  const forcedChange = session?.user.change_password || (session?.user.two_factor.required && !session.user.two_factor.enabled);

  return (
    <div style={{ minHeight: '100vh', background: token.colorBgLayout, color: token.colorText, display: 'flex', flexDirection: 'column' }}>
      {forcedChange && (
        // A user who must change the password or enrol a second factor can still leave instead.
        <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 16 }}>
          <Button onClick={() => void signOut().then(() => navigate('/login'))}>Salir</Button>
        </div>
      )}
      <main style={{ flex: 1, display: 'grid', placeItems: 'center', gridTemplateColumns: 'minmax(0, 1fr)', padding: 'clamp(12px, 4vw, 24px)' }}>
        <div style={{ width: '100%', maxWidth: 960, minWidth: 0 }}>
          <TouchTargets>{children}</TouchTargets>
        </div>
      </main>
    </div>
  );
}
