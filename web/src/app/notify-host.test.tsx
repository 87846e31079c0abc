import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from '../lib/notify';
import { NotifyHost } from './notify-host';

describe('NotifyHost', () => {
  it('loads the toasts with the first one and shows it, then the ones after it', async () => {
    render(<NotifyHost />);
    expect(document.querySelector('.ant-message')).toBeNull();
    act(() => notify.error('No se pudo guardar', ['El campo Nombre es obligatorio.']));
    expect(await screen.findByText('No se pudo guardar')).toBeInTheDocument();
    expect(screen.getByText('El campo Nombre es obligatorio.')).toBeInTheDocument();
    act(() => notify.success('Registro guardado'));
    expect(await screen.findByText('Registro guardado')).toBeInTheDocument();
  });
});
