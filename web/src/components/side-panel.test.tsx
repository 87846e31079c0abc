import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { describe, expect, it, vi } from 'vitest';
import { PanelForm } from './panel-form';
import { SidePanel } from './side-panel';

function Panel({ onFinish }: { onFinish: (values: unknown) => void }) {
  return (
    <SidePanel title="Nuevo registro" open onClose={() => undefined} formId="record-form">
      <PanelForm name="record-form" layout="vertical" onFinish={onFinish}>
        <Form.Item label="Nombre" name="name" rules={[{ required: true, message: 'El campo Nombre es obligatorio.' }]}>
          <Input />
        </Form.Item>
        <Form.Item label="Correo" name="email" rules={[{ required: true, message: 'El campo Correo es obligatorio.' }]}>
          <Input />
        </Form.Item>
        <Form.Item label="Notas" name="notes">
          <Input />
        </Form.Item>
      </PanelForm>
    </SidePanel>
  );
}

describe('SidePanel with its PanelForm', () => {
  it('says how many fields need attention, names the first as its label does and focuses it', async () => {
    const onFinish = vi.fn();
    render(<Panel onFinish={onFinish} />);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Revisa 2 campos; el primero es «Nombre».');
    await waitFor(() => expect(screen.getByLabelText('Nombre')).toHaveFocus());

    await userEvent.type(screen.getByLabelText('Nombre'), 'Luisa');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Revisa el campo «Correo».'));

    await userEvent.type(screen.getByLabelText('Correo'), 'luisa@example.com');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ name: 'Luisa', email: 'luisa@example.com', notes: undefined }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says nothing before a Guardar, however the fields are typed', async () => {
    render(<Panel onFinish={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Notas'), 'algo');
    await userEvent.clear(screen.getByLabelText('Notas'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
