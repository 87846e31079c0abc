import Result from 'antd/es/result';
import { PageTitle } from './page-title';

/** The one placeholder for every route whose screen a later issue builds. */
export default function UnderConstruction({ title }: { title: string }) {
  return (
    <section aria-labelledby="page-title">
      <PageTitle>
        {title}
      </PageTitle>
      <Result status="info" title="Módulo en construcción" subTitle="Esta pantalla estará disponible próximamente." />
    </section>
  );
}
