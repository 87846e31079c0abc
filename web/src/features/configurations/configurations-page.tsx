import CheckOutlined from '@ant-design/icons/CheckOutlined';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import { updateConfigurationSchema } from '@recaudo/domain/configurations';
import { formatRate, RATE_SOURCE_LABELS } from '@recaudo/domain/exchange-rates';
import { formatDate, formatDateTime } from '@recaudo/domain/format';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Tag from 'antd/es/tag';
import type { ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useMemo, useState, type CSSProperties } from 'react';
import { DataTable } from '../../components/data-table';
import { HistoryPanel } from '../../components/history-panel';
import { MoneyInput } from '../../components/money-input';
import { ACTIONS_COLUMN_KEY } from '../../components/row-actions';
import { applyServerErrors, zodRule } from '../../lib/form';
import { useCan } from '../../lib/session';
import { useConfigurations, useUpdateConfiguration, type ConfigurationRow } from './api';
import { BcvAlerts } from '../../components/bcv-alerts';
import { RateHistory } from './rate-history';
import { PageTitle } from '../../components/page-title';
import { NoWrap } from '../../components/no-wrap';

const FORM_ID = 'configuration-form';
const VALUE_INPUT_ID = 'configuration-value';
const REASON_INPUT_ID = 'configuration-reason';
const valueRules = [zodRule(updateConfigurationSchema.shape.value)];
const reasonRules = [zodRule(updateConfigurationSchema.shape.reason)];
/** A label for screen readers only: the row's name already labels the cell for sighted users. */
const visuallyHidden: CSSProperties = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };

interface FormValues {
  value: string | null;
  reason: string;
}

/**
 * Tasas de Cambio (spec 02 §2, issue 47): the rate in force of each currency with its value date
 * and source, edited in place as a manual rate with its reason (needs update_dollar_rate), each
 * row's "Historial de cambios" (needs logs), the BCV's alerts and the history of every rate.
 */
export default function ConfigurationsPage() {
  const configurations = useConfigurations();
  const update = useUpdateConfiguration();
  const [form] = Form.useForm<FormValues>();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [history, setHistory] = useState<ConfigurationRow | null>(null);
  const canEdit = useCan('update_dollar_rate');
  const canSeeHistory = useCan('logs');

  const columns = useMemo<ColumnsType<ConfigurationRow>>(() => {
    function startEditing(row: ConfigurationRow) {
      form.setFieldsValue({ value: row.value, reason: '' });
      setEditingId(row.id);
    }
    function cancel() {
      form.resetFields();
      setEditingId(null);
    }
    const saving = update.isPending;
    return [
      { title: 'Nombre', dataIndex: 'label', key: 'label' },
      {
        title: 'Valor',
        key: 'value',
        width: 300,
        render: (_, row) =>
          row.id === editingId ? (
            <>
              <label htmlFor={VALUE_INPUT_ID} style={visuallyHidden}>
                Nuevo valor de {row.label}
              </label>
              <Form.Item name="value" rules={valueRules} style={{ margin: 0 }}>
                <MoneyInput id={VALUE_INPUT_ID} prefix="BS" disabled={saving} />
              </Form.Item>
              <label htmlFor={REASON_INPUT_ID} style={visuallyHidden}>
                Motivo de la tasa manual de {row.label}
              </label>
              <Form.Item name="reason" rules={reasonRules} style={{ margin: '4px 0 0' }}>
                <Input id={REASON_INPUT_ID} placeholder="Motivo" maxLength={500} disabled={saving} />
              </Form.Item>
            </>
          ) : (
            `BS ${formatRate(row.value)}`
          ),
      },
      {
        title: 'Fecha valor',
        key: 'value_date',
        render: (_, row) => (
          <Flex gap={4} wrap align="center">
            {row.value_date ? formatDate(row.value_date) : 'Sin tasa'}
            {row.source ? <Tag color={row.source === 'bcv' ? 'blue' : 'orange'}>{RATE_SOURCE_LABELS[row.source]}</Tag> : null}
            {row.stale ? <Tag color="red">Desactualizada</Tag> : null}
          </Flex>
        ),
      },
      { title: 'Actualizado', dataIndex: 'updated_at', key: 'updated_at', render: (value: string) => <NoWrap>{formatDateTime(value)}</NoWrap> },
      {
        title: 'Acciones',
        key: ACTIONS_COLUMN_KEY,
        render: (_, row) =>
          row.id === editingId ? (
            <Flex gap={4} wrap>
              <Button size="small" type="primary" htmlType="submit" form={FORM_ID} icon={<CheckOutlined />} loading={saving}>
                Guardar
              </Button>
              <Button size="small" icon={<CloseOutlined />} onClick={cancel} disabled={saving}>
                Cancelar
              </Button>
            </Flex>
          ) : (
            <Flex gap={4} wrap>
              {canEdit && (
                <Button size="small" type="link" icon={<EditOutlined />} onClick={() => startEditing(row)} disabled={editingId !== null} aria-label={`Editar ${row.label}`}>
                  Editar
                </Button>
              )}
              {canSeeHistory && (
                <Button size="small" type="link" icon={<HistoryOutlined />} onClick={() => setHistory(row)} aria-label={`Historial de cambios de ${row.label}`}>
                  Historial de cambios
                </Button>
              )}
            </Flex>
          ),
      },
    ];
  }, [editingId, canEdit, canSeeHistory, update.isPending, form]);

  function submit(values: FormValues) {
    if (editingId === null) return;
    update.mutate(
      { id: editingId, value: values.value ?? '', reason: values.reason ?? '' },
      {
        onSuccess: () => {
          form.resetFields();
          setEditingId(null);
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  }

  return (
    <section aria-labelledby="page-title">
      <PageTitle>
        Tasas de Cambio
      </PageTitle>
      <Typography.Paragraph type="secondary">
        Tasas oficiales del BCV en bolívares (BS) por cada dólar y cada euro, leídas por Recaudo cada día hábil. Una tasa escrita aquí queda como manual, con su motivo.
      </Typography.Paragraph>
      <BcvAlerts />
      <Form<FormValues> name={FORM_ID} form={form} onFinish={submit}>
        <DataTable<ConfigurationRow>
          label="Tasas de cambio"
          columns={columns}
          rows={configurations.data?.data}
          rowKey="id"
          total={configurations.data?.data.length ?? 0}
          page={1}
          perPage={Math.max(configurations.data?.data.length ?? 0, 10)}
          loading={configurations.isFetching}
          failed={configurations.isError}
          onRetry={() => void configurations.refetch()}
          onPageChange={() => undefined}
        />
      </Form>
      <RateHistory />
      <HistoryPanel
        open={history !== null}
        onClose={() => setHistory(null)}
        subjectType="configurations"
        subjectId={history?.id ?? null}
        subjectName={history?.label}
      />
    </section>
  );
}
