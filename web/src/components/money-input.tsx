import InputNumber from 'antd/es/input-number';

/** `1234.5` → `1.234,5`: dot thousands, comma decimal, as typed (no rounding). */
export function formatMoneyInput(value: string | number | undefined): string {
  if (value === undefined || value === null || value === '') return '';
  const [whole = '', decimals] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return decimals === undefined ? grouped : `${grouped},${decimals}`;
}

/** `1.234,5` → `1234.5`, the dot-decimal text the API takes. */
export const parseMoneyInput = (display: string | undefined): string => (display ?? '').replace(/\s|[A-Za-z$]/g, '').replace(/\./g, '').replace(',', '.');

/**
 * A money amount input with comma decimal and dot thousands (spec 03 §9), for antd Form.Item:
 * `<Form.Item name="fee" rules={[zodRule(schema.shape.fee)]}><MoneyInput prefix="$" /></Form.Item>`.
 * The form value is dot-decimal text ("12.50") that `moneyField` schemas accept; no rounding,
 * so more than two decimals reach the rule and show its message.
 */
export function MoneyInput({
  value,
  onChange,
  id,
  prefix,
  disabled,
  placeholder,
  'aria-label': ariaLabel,
}: {
  value?: string | number | null;
  onChange?: (value: string | null) => void;
  id?: string;
  prefix?: string;
  disabled?: boolean;
  placeholder?: string;
  /** For an input without a `<label>` of its own (the two ends of a range). */
  'aria-label'?: string;
}) {
  return (
    <InputNumber<string>
      id={id}
      aria-label={ariaLabel}
      placeholder={placeholder}
      stringMode
      // antd names its step buttons "Increase Value" in English whatever the locale; the arrow keys still step.
      controls={false}
      disabled={disabled}
      style={{ width: '100%' }}
      prefix={prefix}
      value={value === null || value === undefined ? null : String(value)}
      formatter={(next) => formatMoneyInput(next)}
      parser={(display) => parseMoneyInput(display)}
      onChange={(next) => onChange?.(next === null || next === '' ? null : String(next))}
      inputMode="decimal"
    />
  );
}
