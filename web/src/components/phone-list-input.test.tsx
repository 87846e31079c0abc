import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { checkPhoneToAdd, PhoneListInput } from './phone-list-input';

function Harness({ initial = [], onChange }: { initial?: string[]; onChange?: (value: string[]) => void }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <label htmlFor="phones">Teléfonos</label>
      <PhoneListInput
        id="phones"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
    </>
  );
}

const listed = () => within(screen.queryByRole('list', { name: 'Números agregados' }) ?? document.createElement('ul')).queryAllByRole('listitem').map((item) => item.textContent);

describe('PhoneListInput', () => {
  it('refuses an empty phone and a phone off the pattern with the spec messages', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: /Agregar/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('Debes escribir el Teléfono');
    await userEvent.type(screen.getByLabelText('Teléfonos'), '4181234567');
    await userEvent.click(screen.getByRole('button', { name: /Agregar/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('El formato del Teléfono es inválido');
    await userEvent.clear(screen.getByLabelText('Teléfonos'));
    await userEvent.type(screen.getByLabelText('Teléfonos'), '414123');
    await userEvent.click(screen.getByRole('button', { name: /Agregar/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('El formato del Teléfono es inválido');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('masks what is typed and puts each new phone at the front of the list', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Teléfonos');
    await userEvent.type(input, '04141234567');
    expect(input).toHaveValue('+58 (414)-1234567');
    await userEvent.click(screen.getByRole('button', { name: /Agregar/ }));
    expect(input).toHaveValue('');
    // Enter adds too.
    await userEvent.type(input, '4241112233{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['4241112233', '4141234567']);
    expect(listed()).toEqual(['+58 (424)-1112233', '+58 (414)-1234567']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does not repeat a listed phone and removes a phone', async () => {
    const onChange = vi.fn();
    render(<Harness initial={['4141234567', '2731234567']} onChange={onChange} />);
    await userEvent.type(screen.getByLabelText('Teléfonos'), '2731234567{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['2731234567', '4141234567']);
    await userEvent.click(screen.getByRole('button', { name: 'Quitar +58 (414)-1234567' }));
    expect(onChange).toHaveBeenLastCalledWith(['2731234567']);
    expect(listed()).toEqual(['+58 (273)-1234567']);
  });

  it('checks a phone to add by the domain pattern', () => {
    expect(checkPhoneToAdd('  ')).toEqual({ error: 'Debes escribir el Teléfono' });
    expect(checkPhoneToAdd('+58 (412)-1234567')).toEqual({ phone: '4121234567' });
    expect(checkPhoneToAdd('04261234567')).toEqual({ phone: '4261234567' });
    expect(checkPhoneToAdd('4151234567')).toEqual({ error: 'El formato del Teléfono es inválido' });
  });
});
