import Switch from 'antd/es/switch';
import { useState } from 'react';

export interface ActiveSwitchProps {
  /** The row's current flag. */
  active: boolean;
  /** Accessible name, e.g. "Estatus de Miranda". */
  label: string;
  /** The matching edit permission; without it the switch is shown but disabled (spec 03 §4). */
  canEdit: boolean;
  /**
   * Sends the change, typically `(active) => toggle.mutateAsync({ id: row.id, active })` of a
   * mutation that toasts the server message and invalidates the list. While the promise runs
   * the switch shows as loading; a failure leaves the row as it was (the error is toasted).
   */
  onChange: (active: boolean) => Promise<unknown> | void;
}

/**
 * The active toggle of a table row: `<ActiveSwitch active={row.active} label={`Estatus de ${row.name}`}
 * canEdit={useCan('edit_x')} onChange={(active) => toggle.mutateAsync({ id: row.id, active })} />`.
 */
export function ActiveSwitch({ active, label, canEdit, onChange }: ActiveSwitchProps) {
  const [pending, setPending] = useState(false);

  async function change(next: boolean) {
    setPending(true);
    try {
      await onChange(next);
    } catch {
      // The http client already toasted the failure; the row keeps its value.
    } finally {
      setPending(false);
    }
  }

  return (
    <Switch
      aria-label={label}
      checked={active}
      checkedChildren="Activo"
      unCheckedChildren="Inactivo"
      disabled={!canEdit}
      loading={pending}
      onChange={(next) => void change(next)}
    />
  );
}
