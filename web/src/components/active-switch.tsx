import Popconfirm from 'antd/es/popconfirm';
import Switch from 'antd/es/switch';
import { useState } from 'react';

export interface ActiveSwitchProps {
  /** The row's current flag. */
  active: boolean;
  /** Accessible name, e.g. "Estatus de Miranda"; the confirmation names the row by it. */
  label: string;
  /** The matching edit permission; without it the switch is shown but disabled (spec 03 §4). */
  canEdit: boolean;
  /**
   * Sends the change, typically `(active) => toggle.mutateAsync({ id: row.id, active })` of a
   * mutation that toasts the server message and invalidates the list. While the promise runs
   * the switch shows as loading; a failure leaves the row as it was (the error is toasted).
   */
  onChange: (active: boolean) => Promise<unknown> | void;
  /** What switching off asks instead of the default, when it takes access away (a role: "N usuarios perderán el acceso"). */
  offConfirmation?: { question: string; consequence: string };
}

/** "¿Desactivar? Estatus de Miranda pasa a Inactivo.": what the confirmation asks. */
export const switchQuestion = (next: boolean) => (next ? '¿Activar?' : '¿Desactivar?');
export const switchConsequence = (label: string, next: boolean) => `${label} pasa a ${next ? 'Activo' : 'Inactivo'}.`;

/**
 * The active toggle of a table row: `<ActiveSwitch active={row.active} label={`Estatus de ${row.name}`}
 * canEdit={useCan('edit_x')} onChange={(active) => toggle.mutateAsync({ id: row.id, active })} />`.
 * A click asks first (issue 34: no one-click change of state): the change is sent on "Confirmar".
 */
export function ActiveSwitch({ active, label, canEdit, onChange, offConfirmation }: ActiveSwitchProps) {
  const [pending, setPending] = useState(false);
  const [asking, setAsking] = useState(false);
  const next = !active;

  async function change() {
    setAsking(false);
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
    <Popconfirm
      open={asking}
      onOpenChange={(open) => setAsking(open && canEdit && !pending)}
      title={!next && offConfirmation ? offConfirmation.question : switchQuestion(next)}
      description={!next && offConfirmation ? offConfirmation.consequence : switchConsequence(label, next)}
      okText="Confirmar"
      cancelText="Cancelar"
      okButtonProps={{ danger: !next }}
      onConfirm={() => void change()}
    >
      <Switch
        aria-label={label}
        checked={active}
        checkedChildren="Activo"
        unCheckedChildren="Inactivo"
        disabled={!canEdit}
        loading={pending}
      />
    </Popconfirm>
  );
}
