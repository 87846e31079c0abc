import { ChainStatus } from './chain-status';
import { LogsList } from './logs-list';

/** /logs, Bitácoras (spec 03 §2), with the audit log's integrity on top. */
export default function LogsPage() {
  return <LogsList title="Bitácoras" notice={<ChainStatus />} />;
}
