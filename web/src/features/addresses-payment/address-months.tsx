import type { AddressRow } from '@recaudo/domain/addresses';
import { monthLabel } from '@recaudo/domain/addresses';
import type { CalendarYear, Month } from '@recaudo/domain/months';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { MonthCalendar } from '../../components/month-calendar';
import { HttpError } from '../../lib/http';
import { useCan, useSession } from '../../lib/session';
import { selectedMonthsOf, useChangeMonths, type MonthsAnswer } from './address-details-api';

export const monthsTexts = {
  update: 'Actualizar meses de pago',
  confirm: '¿Estas seguro de hacer el cambio?',
  reset: 'Descartar cambios',
} as const;

/** Months the ledger covers: marked by hand, or held by a payment (approved or still in process). */
export const coveredMonths = (years: readonly CalendarYear[]) =>
  years.flatMap((year) => year.months).filter((entry) => entry.state === 'paid' || entry.state === 'pending');

/** What the calendar sends: the covered months with every pending toggle applied, oldest first. */
export function mergedMonths(years: readonly CalendarYear[], toggles: ReadonlySet<Month>): Month[] {
  const merged = new Set(coveredMonths(years).map((entry) => entry.month));
  for (const month of toggles) {
    if (merged.has(month)) merged.delete(month);
    else merged.add(month);
  }
  return [...merged].sort();
}

/** Solvent = nothing owed and no covered month waiting on a payment in process (DESIGN §5). */
const isSolvent = (state: MonthsAnswer) => state.months_to_pay === 0 && !coveredMonths(state.payments).some((entry) => entry.state === 'pending');

function ChangeSummary({ years, toggles }: { years: readonly CalendarYear[]; toggles: ReadonlySet<Month> }) {
  const covered = new Set(coveredMonths(years).map((entry) => entry.month));
  const sorted = [...toggles].sort();
  const mark = sorted.filter((month) => !covered.has(month));
  const unmark = sorted.filter((month) => covered.has(month));
  return (
    <ul style={{ paddingLeft: 18, margin: '8px 0 0' }}>
      {mark.length > 0 && <li>Marcar como pagados: {mark.map(monthLabel).join(', ')}</li>}
      {unmark.length > 0 && <li>Desmarcar: {unmark.map(monthLabel).join(', ')}</li>}
    </ul>
  );
}

/**
 * The month calendar of one address (spec 01 §4): staff with edit_address_payment toggle months
 * and send the merged list after a confirmation; client users and other staff only look.
 * A refused change (422, e.g. a month held by a payment) keeps the toggles for another try.
 */
export function AddressMonths({ address, onChanged }: { address: AddressRow; onChanged?: () => void }) {
  const { session } = useSession();
  const isClientUser = (session?.user.client_id ?? null) !== null;
  const mayEdit = useCan('edit_address_payment') && !isClientUser;
  const change = useChangeMonths();
  const [toggles, setToggles] = useState<ReadonlySet<Month>>(new Set());
  const [confirming, setConfirming] = useState(false);
  // The server's answer stands until the refreshed address arrives with the same data.
  const [answer, setAnswer] = useState<{ of: AddressRow; state: MonthsAnswer } | null>(null);
  const state: MonthsAnswer = answer?.of === address ? answer.state : { payments: address.payments, months_to_pay: address.months_to_pay };
  const refusal = change.error instanceof HttpError && change.error.status === 422 ? change.error.serverMessage : null;

  function toggle(month: Month) {
    change.reset();
    setToggles((current) => {
      const next = new Set(current);
      if (next.has(month)) next.delete(month);
      else next.add(month);
      return next;
    });
  }

  function discard() {
    change.reset();
    setToggles(new Set());
  }

  function send() {
    change.mutate(
      { client_id: address.client_id, address_id: address.id, selected_months: selectedMonthsOf(mergedMonths(state.payments, toggles)) },
      {
        onSuccess: (result) => {
          setAnswer({ of: address, state: result.data });
          setToggles(new Set());
          setConfirming(false);
          onChanged?.();
        },
        onError: () => setConfirming(false),
      },
    );
  }

  const solvent = isSolvent(state);
  return (
    <section aria-label={`Meses de pago de ${address.address}`} style={{ maxWidth: 720 }}>
      <Flex gap={12} align="center" wrap style={{ marginBottom: 8 }}>
        <Typography.Text strong>Meses por pagar: {state.months_to_pay}</Typography.Text>
        <Tag color={solvent ? 'green' : 'red'}>{solvent ? 'Solvente' : 'No solvente'}</Tag>
        {mayEdit && (
          <Flex gap={8} wrap style={{ marginLeft: 'auto' }}>
            <Button disabled={toggles.size === 0 || change.isPending} onClick={discard}>
              {monthsTexts.reset}
            </Button>
            <Button type="primary" disabled={toggles.size === 0} loading={change.isPending} onClick={() => setConfirming(true)}>
              {monthsTexts.update}
            </Button>
          </Flex>
        )}
      </Flex>
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 8 }} />}
      <MonthCalendar years={state.payments} selected={toggles} onToggle={toggle} readOnly={!mayEdit} label={`Calendario de ${address.address}`} />
      <Modal
        open={confirming}
        title={monthsTexts.update}
        okText="Actualizar"
        cancelText="Cancelar"
        confirmLoading={change.isPending}
        onOk={send}
        onCancel={() => setConfirming(false)}
      >
        <p style={{ margin: 0 }}>{monthsTexts.confirm}</p>
        <ChangeSummary years={state.payments} toggles={toggles} />
      </Modal>
    </section>
  );
}
