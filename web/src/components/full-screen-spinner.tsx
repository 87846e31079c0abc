import Spin from 'antd/es/spin';

/** Shown while the session is checked and while a layout chunk loads. */
export function FullScreenSpinner() {
  return (
    <div role="status" aria-label="Cargando" style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <Spin size="large" />
    </div>
  );
}
