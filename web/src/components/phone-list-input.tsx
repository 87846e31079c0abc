import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { clientMessages } from '@recaudo/domain/clients';
import { formatPhone } from '@recaudo/domain/format';
import { normalizePhone, PHONE_PATTERN } from '@recaudo/domain/validation';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useState, type KeyboardEvent } from 'react';
import { PhoneInput } from './phone-input';

/**
 * Checks a phone about to be added (spec 01 §5 Profile): empty → "Debes escribir el Teléfono",
 * off the pattern → "El formato del Teléfono es inválido". Answers the 10 digits or the message.
 */
export function checkPhoneToAdd(text: string | null | undefined): { phone: string } | { error: string } {
  if (!text || !text.trim()) return { error: clientMessages.phoneToAddRequired };
  const digits = normalizePhone(text);
  return PHONE_PATTERN.test(digits) ? { phone: digits } : { error: clientMessages.phoneToAddFormat };
}

export interface PhoneListInputProps {
  /** The phones as the API stores them (10 digits each); masked text is tolerated. */
  value?: readonly string[] | null;
  onChange?: (value: string[]) => void;
  /** Given by Form.Item: the label points at the "add" input. */
  id?: string;
  disabled?: boolean;
}

/**
 * A list of phones for antd Form.Item (client panel, profile): an input with the +58 mask and
 * "Agregar", then the phones formatted `+58 (414)-1234567`, each removable. New phones go to the
 * front of the list; a phone already listed is not repeated. Pair with the domain's `phoneList`
 * rule: `<Form.Item name="phone" rules={[zodRule(phoneList)]}><PhoneListInput /></Form.Item>`.
 */
export function PhoneListInput({ value, onChange, id, disabled }: PhoneListInputProps) {
  const phones = [...(value ?? [])];
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = id ? `${id}-add-error` : undefined;

  function add() {
    const checked = checkPhoneToAdd(draft);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setError(null);
    setDraft('');
    const rest = phones.filter((phone) => normalizePhone(phone) !== checked.phone);
    onChange?.([checked.phone, ...rest]);
  }

  function remove(index: number) {
    onChange?.(phones.filter((_, position) => position !== index));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Enter adds the phone instead of submitting the surrounding form.
    if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
      event.preventDefault();
      add();
    }
  }

  return (
    <div>
      <Flex gap={8} onKeyDown={onKeyDown} aria-describedby={errorId}>
        <div style={{ flex: 1 }}>
          <PhoneInput
            id={id}
            disabled={disabled}
            value={draft}
            onChange={(next) => {
              setDraft(next);
              if (error) setError(null);
            }}
          />
        </div>
        <Button icon={<PlusOutlined />} onClick={add} disabled={disabled}>
          Agregar
        </Button>
      </Flex>
      {error && (
        <Typography.Text type="danger" id={errorId} role="alert" style={{ display: 'block', marginTop: 4 }}>
          {error}
        </Typography.Text>
      )}
      {phones.length > 0 && (
        <ul aria-label="Números agregados" style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
          {phones.map((phone, index) => (
            <li key={`${phone}-${index}`}>
              <Flex justify="space-between" align="center" style={{ padding: '2px 0' }}>
                <span>{formatPhone(normalizePhone(phone))}</span>
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={disabled}
                  aria-label={`Quitar ${formatPhone(normalizePhone(phone))}`}
                  onClick={() => remove(index)}
                />
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
