import { lazy, Suspense, useEffect, useState } from 'react';
import { registerNotifier, type Notifier } from '../lib/notify';

const NotifyBridge = lazy(() => import('./notify-bridge'));

/**
 * Toasts load with the first one: until a screen asks for a toast, antd's message code (about
 * 8 KB gzip) stays out of the pages that never show one, the login page's first load among them.
 */
export function NotifyHost() {
  const [pending] = useState<((notifier: Notifier) => void)[]>(() => []);
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    const later = (show: (notifier: Notifier) => void) => {
      pending.push(show);
      setNeeded(true);
    };
    registerNotifier({
      error: (title, lines) => later((notifier) => notifier.error(title, lines)),
      success: (text) => later((notifier) => notifier.success(text)),
    });
    return () => registerNotifier(null);
  }, [pending]);
  return needed ? (
    <Suspense fallback={null}>
      <NotifyBridge pending={pending} />
    </Suspense>
  ) : null;
}
