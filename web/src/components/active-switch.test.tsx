import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ActiveSwitch } from './active-switch';

describe('ActiveSwitch', () => {
  it('asks before switching a row off, and sends nothing when cancelled', async () => {
    const onChange = vi.fn(async () => undefined);
    render(<ActiveSwitch active label="Estatus de Miranda" canEdit onChange={onChange} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Estatus de Miranda' }));
    expect(await screen.findByText('¿Desactivar?')).toBeInTheDocument();
    expect(screen.getByText('Estatus de Miranda pasa a Inactivo.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('switch', { name: 'Estatus de Miranda' })).toBeChecked();

    await userEvent.click(screen.getByRole('switch', { name: 'Estatus de Miranda' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledExactlyOnceWith(false));
  });

  it('asks before switching a row on too', async () => {
    const onChange = vi.fn(async () => undefined);
    render(<ActiveSwitch active={false} label="Acceso de Pedro Gil" canEdit onChange={onChange} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Acceso de Pedro Gil' }));
    expect(await screen.findByText('Acceso de Pedro Gil pasa a Activo.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledExactlyOnceWith(true));
  });

  it('asks nothing without the edit permission', async () => {
    const onChange = vi.fn();
    render(<ActiveSwitch active label="Estatus de Zelle" canEdit={false} onChange={onChange} />);
    expect(screen.getByRole('switch', { name: 'Estatus de Zelle' })).toBeDisabled();
    await userEvent.click(screen.getByRole('switch', { name: 'Estatus de Zelle' }), { pointerEventsCheck: 0 });
    expect(screen.queryByText('¿Desactivar?')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });
});
