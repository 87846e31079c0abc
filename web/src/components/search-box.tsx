import SearchOutlined from '@ant-design/icons/SearchOutlined';
import Input from 'antd/es/input';

/**
 * The search box above every list; the list itself debounces what is typed. It has a width of
 * its own: antd's input with a prefix is 100 % wide, which in a wrapping toolbar takes the whole
 * line and pushes the buttons beside it onto the next one.
 */
export function SearchBox({ value, onChange, label = 'Buscar' }: { value: string; onChange: (value: string) => void; label?: string }) {
  return (
    <Input
      aria-label={label}
      placeholder={`${label}…`}
      prefix={<SearchOutlined />}
      allowClear
      value={value}
      onChange={(event) => onChange(event.target.value)}
      style={{ width: 320, maxWidth: '100%' }}
    />
  );
}
