import Typography from 'antd/es/typography';
import { LogsList } from './logs-list';

/** /logs, Bitácoras (spec 03 §2). */
export default function LogsPage() {
  return (
    <section aria-labelledby="page-title">
      <Typography.Title level={3} id="page-title">
        Bitácoras
      </Typography.Title>
      <LogsList />
    </section>
  );
}
