import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Image from 'antd/es/image';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import Upload, { type UploadFile } from 'antd/es/upload';
import { useState } from 'react';
import { EMPTY_SELECT_TEXT } from '../../../components/filter-drawer';
import { notify } from '../../../lib/notify';
import { useImageUrls } from '../api';
import { IMAGE_MIN_SCALE } from '../payment-details';
import type { PaymentFormState } from './use-payment-form';
import { IMAGE_TYPES, MAX_FILES, paymentPanelTexts } from './values';

/** Ticket and its serial: columns of the staff-only "Facturación" row. */
export function TicketFields({ state }: { state: PaymentFormState }) {
  const { addressId, tickets, ticketOptions, ticketId, rules } = state;
  return (
    <>
      <Col xs={24} sm={12}>
        <Form.Item label="Ticket" name="tickets_payment_id">
          <Select<number>
            allowClear
            disabled={addressId === null}
            placeholder={addressId === null ? 'Selecciona primero la dirección' : 'Seleccionar'}
            notFoundContent={tickets.isFetching ? <Spin size="small" /> : EMPTY_SELECT_TEXT}
            options={ticketOptions.map((option) => ({
              value: option.value,
              label: (
                <Flex gap={6} align="center">
                  <span aria-hidden style={{ width: 12, height: 12, borderRadius: 2, background: option.color, display: 'inline-block' }} />
                  {option.label}
                </Flex>
              ),
              title: option.label,
            }))}
          />
        </Form.Item>
      </Col>
      {ticketId !== null && (
        <Col xs={24} sm={12}>
          <Form.Item label="Serial del ticket" name="ticket_serial" rules={rules.ticket_serial}>
            <Input maxLength={50} autoComplete="off" />
          </Form.Item>
        </Col>
      )}
    </>
  );
}

interface FilesInputProps {
  value?: UploadFile[];
  onChange?: (value: UploadFile[]) => void;
  id?: string;
  disabled?: boolean;
}

/** Archivos: several images, kept ones shown from their token-protected URL (loaded as blobs). */
function FilesInput({ value = [], onChange, id, disabled }: FilesInputProps) {
  const stored = useImageUrls(value.filter((file) => !file.originFileObj && file.url).map((file) => file.url!));
  const [preview, setPreview] = useState<{ url: string; owned: boolean } | null>(null);
  const shown = value.map((file) => (file.originFileObj || !file.url ? file : { ...file, thumbUrl: stored[file.url], url: stored[file.url] ?? file.url }));
  return (
    <>
      <Upload
        id={id}
        listType="picture-card"
        multiple
        accept={IMAGE_TYPES}
        disabled={disabled}
        maxCount={MAX_FILES}
        fileList={shown}
        beforeUpload={(file) => {
          if (!IMAGE_TYPES.split(',').includes(file.type)) {
            notify.error(paymentPanelTexts.imagesOnly);
            return Upload.LIST_IGNORE;
          }
          return false;
        }}
        onChange={({ fileList }) => onChange?.(fileList.map((file) => value.find((item) => item.uid === file.uid) ?? file))}
        onPreview={(file) => {
          // A new file gets its own object URL, revoked when the viewer closes; stored ones come from the hook.
          setPreview(
            file.originFileObj
              ? { url: URL.createObjectURL(file.originFileObj), owned: true }
              : file.url && stored[file.url]
                ? { url: stored[file.url]!, owned: false }
                : null,
          );
        }}
      >
        {value.length < MAX_FILES && (
          <button type="button" style={{ border: 0, background: 'none', color: 'inherit' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>Subir</div>
          </button>
        )}
      </Upload>
      {preview && (
        <Image
          style={{ display: 'none' }}
          src={preview.url}
          alt="Vista previa"
          preview={{
            open: true,
            minScale: IMAGE_MIN_SCALE,
            onOpenChange: (visible) => {
              if (visible) return;
              if (preview.owned) URL.revokeObjectURL(preview.url);
              setPreview(null);
            },
          }}
        />
      )}
    </>
  );
}

/** Observaciones and Archivos, at the foot of the panel. */
export function FilesSection({ state }: { state: PaymentFormState }) {
  return (
    <>
      <Form.Item label="Observaciones" name="observations" rules={state.rules.observations}>
        <Input.TextArea rows={3} maxLength={1000} />
      </Form.Item>
      <Form.Item label="Archivos" name="files" valuePropName="value" extra={`Imágenes del comprobante, hasta ${MAX_FILES}.`}>
        <FilesInput />
      </Form.Item>
    </>
  );
}
