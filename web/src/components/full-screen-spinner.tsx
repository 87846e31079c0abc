/**
 * Shown while the session is checked and while a layout chunk loads: the words of index.html's
 * own loading page in the theme's colours (app.css, `.app-loading`), without antd's spinner,
 * whose four animated dots cost a phone's processor a long task as they started.
 */
export function FullScreenSpinner() {
  return (
    <div role="status" aria-label="Cargando" className="app-loading">
      <p className="app-loading-name">Recaudo</p>
      <p className="app-loading-state">Cargando…</p>
    </div>
  );
}
