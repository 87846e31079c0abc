import Result from 'antd/es/result';
import Typography from 'antd/es/typography';

/** The one placeholder for every route whose screen a later issue builds. */
export default function UnderConstruction({ title }: { title: string }) {
  return (
    <section aria-labelledby="page-title">
      <Typography.Title level={3} id="page-title">
        {title}
      </Typography.Title>
      <Result status="info" title="Módulo en construcción" subTitle="Esta pantalla estará disponible próximamente." />
    </section>
  );
}
