import { LogsList } from './logs-list';

/** /logs, Bitácoras (spec 03 §2). */
export default function LogsPage() {
  return <LogsList title="Bitácoras" />;
}
