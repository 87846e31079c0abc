import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import type { ExportFormat } from '@recaudo/domain/export';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import { useState } from 'react';
import { download } from '../lib/http';

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  csv: 'CSV',
  xlsx: 'Excel (xlsx)',
  pdf: 'PDF',
};

export interface ExportButtonProps {
  /** The export endpoint, e.g. `states/export`. */
  path: string;
  /** The formats this screen offers (the server refuses the others). */
  formats: readonly ExportFormat[];
  /** The list's search and filters (`list.exportParams`); `type_format` is added here. */
  params: Record<string, unknown>;
  /** The export permission (`useCan('export_states')`); without it nothing renders. */
  allowed: boolean;
  /** The file name if the server sends none (it always does). */
  fileName?: string;
  /** POST sends the params as the body (bank-operations/export); GET, the default, as the query. */
  method?: 'GET' | 'POST';
}

/**
 * "Exportar" of a list: `<ExportButton path="states/export" formats={['csv', 'xlsx']}
 * params={list.exportParams} allowed={useCan('export_states')} />`. One format is a plain
 * button; several open a menu. A failure shows "Hubo un error al descargar el archivo".
 */
export function ExportButton({ path, formats, params, allowed, fileName, method = 'GET' }: ExportButtonProps) {
  const [busy, setBusy] = useState(false);
  if (!allowed || formats.length === 0) return null;

  async function run(format: ExportFormat) {
    setBusy(true);
    try {
      const payload = { ...params, type_format: format };
      await download(path, { ...(method === 'POST' ? { method, body: payload } : { query: payload }), fileName: fileName ? `${fileName}.${format}` : undefined });
    } catch {
      // The http client already showed the download failure.
    } finally {
      setBusy(false);
    }
  }

  if (formats.length === 1) {
    const only = formats[0]!;
    return (
      <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run(only)}>
        Exportar {EXPORT_FORMAT_LABELS[only]}
      </Button>
    );
  }
  return (
    <Dropdown
      trigger={['click']}
      disabled={busy}
      menu={{
        items: formats.map((format) => ({ key: format, label: EXPORT_FORMAT_LABELS[format] })),
        onClick: ({ key }) => void run(key as ExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy}>
        Exportar
      </Button>
    </Dropdown>
  );
}
