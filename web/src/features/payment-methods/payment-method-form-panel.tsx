import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { paymentMethodFieldsSchema } from '@recaudo/domain/payment-methods';
import AutoComplete from 'antd/es/auto-complete';
import Form from 'antd/es/form';
import type { Rule } from 'antd/es/form';
import Image from 'antd/es/image';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Upload, { type UploadFile } from 'antd/es/upload';
import { useState } from 'react';
import { SidePanel } from '../../components/side-panel';
import { PanelForm } from '../../components/panel-form';
import { applyServerErrors, zodRule } from '../../lib/form';
import { PAYMENT_METHOD_TYPE_LABELS, useBankOptions, useSavePaymentMethod, type PaymentMethodRow } from './api';

const FORM_ID = 'payment-method-form';
const shape = paymentMethodFieldsSchema.shape;
/** What the server accepts (checked there by content): PNG, JPEG, GIF, WEBP up to 2 MB. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const imageMessages = {
  type: 'El campo Imagen debe ser una imagen PNG, JPG, GIF o WEBP.',
  size: 'El campo Imagen no debe pesar más de 2 MB.',
} as const;
/** The uid of the stored logo in the upload list, to tell it from a new file. */
const STORED = 'stored-image';

const imageRule: Rule = {
  validator: async (_rule, value: UploadFile[] | undefined) => {
    const file = value?.find((item) => item.uid !== STORED)?.originFileObj;
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) throw new Error(imageMessages.type);
    if (file.size > MAX_IMAGE_BYTES) throw new Error(imageMessages.size);
  },
};
const rules = {
  name: [zodRule(shape.name)],
  code: [zodRule(shape.code)],
  description: [zodRule(shape.description)],
  type: [zodRule(shape.type)],
  image: [imageRule],
};
const typeOptions = Object.entries(PAYMENT_METHOD_TYPE_LABELS).map(([value, label]) => ({ value: Number(value), label }));

interface FormValues {
  name: string;
  code: string;
  description: string;
  type?: number;
  is_mobile_payment_use_api_bdv: boolean;
  image: UploadFile[];
}

interface PaymentMethodFormPanelProps {
  open: boolean;
  /** The method being edited; null adds a new one. */
  method: PaymentMethodRow | null;
  onClose: () => void;
}

/**
 * Add or edit a payment method: Nombre, Código del banco, Descripción, Tipo, one logo (sent as
 * multipart; removing the stored one sends deleteOldFile) and "Usa API BDV".
 */
export function PaymentMethodFormPanel({ open, method, onClose }: PaymentMethodFormPanelProps) {
  const [form] = Form.useForm<FormValues>();
  const save = useSavePaymentMethod();
  const banks = useBankOptions();
  const images = Form.useWatch('image', form) ?? [];
  const [preview, setPreview] = useState<string | null>(null);

  const bankOptions = banks.data?.map((bank) => ({ value: bank.code, label: `${bank.code} · ${bank.name}` }));

  function submit(values: FormValues) {
    const kept = values.image.some((item) => item.uid === STORED);
    const added = values.image.find((item) => item.uid !== STORED)?.originFileObj ?? null;
    save.mutate(
      {
        id: method?.id,
        name: values.name.trim(),
        code: values.code.trim(),
        description: values.description.trim(),
        type: values.type!,
        is_mobile_payment_use_api_bdv: values.is_mobile_payment_use_api_bdv,
        active: method?.active ?? true,
        image: added,
        deleteOldFile: Boolean(method?.image) && !kept && !added,
      },
      {
        onSuccess: onClose,
        onError: (error) => applyServerErrors(form, error),
      },
    );
  }

  function showPreview(file: UploadFile) {
    if (file.url) setPreview(file.url);
    else if (file.originFileObj) setPreview(URL.createObjectURL(file.originFileObj));
  }

  return (
    <SidePanel title={method ? 'Editar método de pago' : 'Nuevo método de pago'} open={open} onClose={onClose} formId={FORM_ID} submitting={save.isPending}>
      <PanelForm<FormValues>
        name={FORM_ID}
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          name: method?.name ?? '',
          code: method?.code ?? '',
          description: method?.description ?? '',
          type: method?.type,
          is_mobile_payment_use_api_bdv: method?.is_mobile_payment_use_api_bdv ?? false,
          image: method?.image_url ? [{ uid: STORED, name: 'Imagen actual', status: 'done', url: method.image_url }] : [],
        }}
        disabled={save.isPending}
      >
        <Form.Item label="Nombre" name="name" rules={rules.name} required>
          <Input autoFocus maxLength={150} />
        </Form.Item>
        <Form.Item label="Código del banco" name="code" rules={rules.code} required extra="4 dígitos, por ejemplo 0102.">
          <AutoComplete
            options={bankOptions}
            maxLength={4}
            showSearch={{ filterOption: (input, option) => String(option?.label ?? '').toLowerCase().includes(input.toLowerCase()) }}
          />
        </Form.Item>
        <Form.Item label="Tipo" name="type" rules={rules.type} required>
          <Select placeholder="Selecciona un tipo" options={typeOptions} />
        </Form.Item>
        <Form.Item label="Descripción" name="description" rules={rules.description} required>
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
        <Form.Item
          label="Imagen"
          name="image"
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
          rules={rules.image}
          extra="PNG, JPG, GIF o WEBP de hasta 2 MB."
        >
          <Upload
            listType="picture-card"
            accept={IMAGE_TYPES.join(',')}
            maxCount={1}
            beforeUpload={() => false}
            onPreview={showPreview}
          >
            {images.length === 0 && (
              <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer', color: 'inherit' }}>
                <PlusOutlined />
                <div style={{ marginTop: 8 }}>Subir imagen</div>
              </button>
            )}
          </Upload>
        </Form.Item>
        <Form.Item label="Usa API BDV (pago móvil)" name="is_mobile_payment_use_api_bdv" valuePropName="checked">
          <Switch checkedChildren="Sí" unCheckedChildren="No" />
        </Form.Item>
      </PanelForm>
      {preview && (
        <Image
          src={preview}
          alt="Vista previa de la imagen"
          style={{ display: 'none' }}
          preview={{ open: true, onOpenChange: (visible) => !visible && setPreview(null) }}
        />
      )}
    </SidePanel>
  );
}
