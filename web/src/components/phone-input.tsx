import Input from 'antd/es/input';
import type { ChangeEvent } from 'react';

/** The display mask of phones (spec 01 §9): +58 (###)-#######. */
export const PHONE_MASK_PLACEHOLDER = '+58 (###)-#######';

/**
 * Masks what is typed as `+58 (412)-1234567`, progressively: the country prefix is fixed, a
 * leading 0 (0412…) is dropped, at most 10 digits are kept. Blank stays blank.
 */
export function maskPhone(input: string | null | undefined): string {
  if (!input) return '';
  let digits = input.replace(/\D/g, '');
  if (input.trim().startsWith('+58')) digits = digits.slice(2);
  else if (digits.length > 10 && digits.startsWith('58')) digits = digits.slice(2);
  if (digits.startsWith('0')) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (!digits) return '';
  const area = digits.slice(0, 3);
  const rest = digits.slice(3);
  return rest ? `+58 (${area})-${rest}` : `+58 (${area}`;
}

/**
 * A phone input with the +58 mask, for antd Form.Item: `<Form.Item name="phone" rules={[zodRule(phoneSchema)]}><PhoneInput /></Form.Item>`.
 * The form value is the masked text; the domain's phone schemas read it back to 10 digits.
 */
export function PhoneInput({ value, onChange, id, disabled }: { value?: string | null; onChange?: (value: string) => void; id?: string; disabled?: boolean }) {
  return (
    <Input
      id={id}
      inputMode="tel"
      disabled={disabled}
      placeholder={PHONE_MASK_PLACEHOLDER}
      value={maskPhone(value)}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange?.(maskPhone(event.target.value))}
      maxLength={PHONE_MASK_PLACEHOLDER.length}
      allowClear
    />
  );
}
