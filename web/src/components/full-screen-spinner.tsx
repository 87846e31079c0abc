import { useEffect, useState } from 'react';

/** How long a load may take before its loading page shows: a quick session check shows nothing at all. */
const SHOW_AFTER_MS = 1000;

/**
 * Shown while the session is checked and while a layout chunk loads: the words of index.html's
 * own loading page in the theme's colours (app.css, `.app-loading`), after a second. Neither
 * antd's spinner nor a CSS fade: starting their animations cost a phone's processor a long task
 * each (40 ms on this machine, Lighthouse's mobile preset counting it four times).
 */
export function FullScreenSpinner() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div role="status" aria-label="Cargando" className="app-loading" style={shown ? undefined : { visibility: 'hidden' }}>
      <p className="app-loading-name">Recaudo</p>
      <p className="app-loading-state">Cargando…</p>
    </div>
  );
}
