import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { formatDateTime } from '@recaudo/domain/format';
import { attributeChanges, logEventLabel, type LogEntry } from '@recaudo/domain/logs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Timeline from 'antd/es/timeline';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useCan } from '../lib/session';
import { findLogs, logKeys } from './log-entries';

const PAGE = 20;
const EVENT_COLORS: Record<string, string> = { created: 'green', updated: 'blue', deleted: 'red' };

export interface HistoryPanelProps {
  open: boolean;
  onClose: () => void;
  /** The audit module of the record: `states`, `communities`, `banks`, `configurations`… */
  subjectType: string;
  subjectId: number | null;
  /** Shown under the title, e.g. the record's name. */
  subjectName?: string;
}

function Entry({ entry }: { entry: LogEntry }) {
  // An update may carry context fields on both sides (e.g. the rate's name); only what changed is history.
  const changes = attributeChanges(entry).filter((change) => entry.description !== 'updated' || change.old !== change.new);
  return (
    <div>
      <Flex gap={8} align="center" wrap>
        <Tag color={EVENT_COLORS[entry.description]}>{logEventLabel(entry.description)}</Tag>
        <Typography.Text strong>{entry.causer?.name ?? 'Sistema'}</Typography.Text>
      </Flex>
      {entry.error_message && <Typography.Text type="danger">{entry.error_message}</Typography.Text>}
      <ul style={{ margin: '6px 0 0', paddingInlineStart: 18 }}>
        {changes.map((change) => (
          <li key={change.key}>
            <Typography.Text type="secondary">{change.label}:</Typography.Text>{' '}
            {entry.description === 'created' ? change.new : entry.description === 'deleted' ? change.old : `${change.old} → ${change.new}`}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * "Historial de cambios" of one record, newest first: `<HistoryPanel open={open} onClose={close}
 * subjectType="communities" subjectId={row.id} subjectName={row.name} />`. Renders nothing
 * without the `logs` permission, so callers show their "Historial" action with `useCan('logs')`.
 */
export function HistoryPanel({ open, onClose, subjectType, subjectId, subjectName }: HistoryPanelProps) {
  const allowed = useCan('logs');
  const [perPage, setPerPage] = useState(PAGE);
  const params = { search: '', page: 1, per_page: perPage, filters: { subject_type: subjectType, subject_id: subjectId ?? 0 } };
  const history = useQuery({
    queryKey: logKeys.list(params),
    queryFn: ({ signal }) => findLogs(params, signal),
    enabled: open && allowed && subjectId !== null,
    placeholderData: keepPreviousData,
  });
  if (!allowed) return null;
  const entries = history.data?.data ?? [];
  const total = history.data?.total ?? 0;

  return (
    <Drawer
      title="Historial de cambios"
      open={open}
      onClose={() => {
        setPerPage(PAGE);
        onClose();
      }}
      size={480}
      destroyOnHidden
      extra={<Button aria-label="Recargar historial" icon={<ReloadOutlined />} onClick={() => void history.refetch()} />}
    >
      {subjectName && (
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {subjectName}
        </Typography.Paragraph>
      )}
      {history.isError ? (
        <Empty description="No se pudo cargar el historial.">
          <Button icon={<ReloadOutlined />} onClick={() => void history.refetch()}>
            Reintentar
          </Button>
        </Empty>
      ) : history.isPending ? (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin />
        </Flex>
      ) : entries.length === 0 ? (
        <Empty description="Sin cambios registrados" />
      ) : (
        <>
          <Timeline
            items={entries.map((entry) => ({
              key: entry.id,
              color: EVENT_COLORS[entry.description] ?? 'gray',
              title: formatDateTime(entry.created_at),
              content: <Entry entry={entry} />,
            }))}
          />
          {entries.length < total && (
            <Flex justify="center">
              <Button loading={history.isFetching} onClick={() => setPerPage((current) => current + PAGE)}>
                Ver más
              </Button>
            </Flex>
          )}
        </>
      )}
    </Drawer>
  );
}
