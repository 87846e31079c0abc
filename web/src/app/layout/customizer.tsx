import Drawer from 'antd/es/drawer';
import Flex from 'antd/es/flex';
import Radio from 'antd/es/radio';
import Typography from 'antd/es/typography';
import { useId } from 'react';
import { usePreferences } from '../preferences';
import { useThemeSwitch } from './use-theme-switch';

interface Choice<V extends string> {
  label: string;
  value: V;
  options: { label: string; value: V }[];
  onChange: (value: V) => void;
}

function ChoiceGroup<V extends string>({ label, value, options, onChange }: Choice<V>) {
  const id = useId();
  return (
    <div>
      <Typography.Text strong id={id}>
        {label}
      </Typography.Text>
      <div style={{ marginTop: 8 }}>
        <Radio.Group
          aria-labelledby={id}
          optionType="button"
          buttonStyle="solid"
          value={value}
          options={options}
          onChange={(event) => onChange(event.target.value as V)}
        />
      </div>
    </div>
  );
}

/** The layout customizer of spec 01 §1; every choice applies at once and is remembered here. */
export function Customizer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { layout, width, header, setLayout } = usePreferences();
  const { theme, changeTheme } = useThemeSwitch();
  return (
    <Drawer title="Personalizar diseño" open={open} onClose={onClose} size={320}>
      <Flex vertical gap={24}>
        <ChoiceGroup
          label="Diseño"
          value={layout}
          options={[
            { label: 'Vertical', value: 'vertical' },
            { label: 'Horizontal', value: 'horizontal' },
          ]}
          onChange={(value) => setLayout({ layout: value })}
        />
        <ChoiceGroup
          label="Tema"
          value={theme}
          options={[
            { label: 'Claro', value: 'light' },
            { label: 'Oscuro', value: 'dark' },
          ]}
          onChange={changeTheme}
        />
        <ChoiceGroup
          label="Ancho"
          value={width}
          options={[
            { label: 'Fluido', value: 'fluid' },
            { label: 'Encajonado', value: 'boxed' },
          ]}
          onChange={(value) => setLayout({ width: value })}
        />
        <ChoiceGroup
          label="Posición del encabezado"
          value={header}
          options={[
            { label: 'Fija', value: 'fixed' },
            { label: 'Estática', value: 'static' },
          ]}
          onChange={(value) => setLayout({ header: value })}
        />
      </Flex>
    </Drawer>
  );
}
