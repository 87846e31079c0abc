import SearchOutlined from '@ant-design/icons/SearchOutlined';
import Input from 'antd/es/input';

/** The search box above every list; the list itself debounces what is typed. */
export function SearchBox({ value, onChange, label = 'Buscar' }: { value: string; onChange: (value: string) => void; label?: string }) {
  return (
    <Input
      aria-label={label}
      placeholder={`${label}…`}
      prefix={<SearchOutlined aria-hidden />}
      allowClear
      value={value}
      onChange={(event) => onChange(event.target.value)}
      style={{ maxWidth: 320 }}
    />
  );
}
