import { currentDashboardPeriod, DASHBOARD_OPTIONS, DASHBOARD_PERIOD_FORMATS, type DashboardOption } from '@recaudo/domain/dashboard';
import { dayjs } from '@recaudo/domain/dates';
import { formatMoney } from '@recaudo/domain/format-money';
import type { PaymentRow } from '@recaudo/domain/payment-rows';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Flex from 'antd/es/flex';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { lazy, Suspense, useDeferredValue, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { WhenVisible } from '../../components/when-visible';
import { useCan, useSession } from '../../lib/session';
import { BcvAlerts } from '../../components/bcv-alerts';
import { initialDashboardFilters, useAdminDashboard, useAgingDashboard, useCollectionsDashboard, useReloadDashboard, type AdminDashboardFilters } from './api';
import { AdministratorsWithoutTwoFactor } from './administrators-without-two-factor';
import { CollectionsCard } from './collections-card';
import { AgingCard } from './aging-card';
import { PeriodCards } from './period-cards';
import { WelcomeTitle } from './welcome-title';

// ECharts is the largest part of the dashboard: its own chunk, loaded while the cards show.
const PaymentsChart = lazy(() => import('./payments-chart').then((module) => ({ default: module.PaymentsChart })));

export interface AdminDashboardProps {
  /** The "Pagos por Procesar" table (the payments area's, handed in by the app): rows, and the reload after a change. */
  toProcess?: (rows: PaymentRow[], reload: () => void) => ReactNode;
  /** The "Cierres de cajas de Usuarios" table (the cash-closings area's, handed in by the app). */
  usersClosings?: ReactNode;
  /** The Administrador's reminders preview and manual run (the reminders area's, handed in by the app). */
  reminders?: ReactNode;
}

/** A rate's least width, its figure included: see the welcome card. */
const RATE_WIDTH = 220;
/**
 * The room the lower cards keep until they draw (WhenVisible): the chart's card, which a desktop
 * shows at once and so keeps its exact height (nothing under it moves), and a card with a table
 * of a few rows, drawn only as it is scrolled to.
 */
const CHART_CARD_HEIGHT = 485;
const CARD_HEIGHT = 380;

/** The 'Pagos' card (spec 03): the chart with Mes/Año and its month or year. */
function PaymentsCard({
  filters,
  onFilters,
  chart,
}: {
  filters: AdminDashboardFilters;
  onFilters: (filters: AdminDashboardFilters) => void;
  chart: ReactNode;
}) {
  return (
    <Card
      title="Pagos"
      extra={
        <Flex gap={8} wrap>
          <Segmented<DashboardOption>
            aria-label="Periodo del gráfico"
            options={([0, 1] as const).map((value) => ({ value, label: DASHBOARD_OPTIONS[value] }))}
            value={filters.option}
            onChange={(option) => onFilters({ option, dates: currentDashboardPeriod(option) })}
          />
          <DatePicker
            aria-label={filters.option === 0 ? 'Mes' : 'Año'}
            picker={filters.option === 0 ? 'month' : 'year'}
            format={DASHBOARD_PERIOD_FORMATS[filters.option]}
            allowClear={false}
            value={dayjs(filters.dates, DASHBOARD_PERIOD_FORMATS[filters.option])}
            onChange={(value) => value && onFilters({ option: filters.option, dates: value.format(DASHBOARD_PERIOD_FORMATS[filters.option]) })}
          />
        </Flex>
      }
    >
      {chart}
    </Card>
  );
}

/**
 * Dashboard, administrator (spec 03): welcome card with the rates, the three period cards, the
 * 'Pagos' chart with Mes/Año and its date, "Pagos por Procesar" and the users' closings. What a
 * phone's screen does not show at first draws when scrolled to (WhenVisible).
 */
export function AdminDashboard({ toProcess, usersClosings, reminders }: AdminDashboardProps) {
  const { session } = useSession();
  const { token } = theme.useToken();
  // The BCV's alerts and the stale rate (issue 47), for whoever looks after Tasas de Cambio.
  const canSeeRates = useCan('configurations');
  const [filters, setFilters] = useState<AdminDashboardFilters>(initialDashboardFilters);
  const dashboard = useAdminDashboard(filters);
  const aging = useAgingDashboard();
  const collections = useCollectionsDashboard(filters);
  const reload = useReloadDashboard();
  // The figures arrive through an external store, which React renders at once and whole: deferred,
  // the dashboard they fill renders in a transition, in slices a phone's processor can interleave.
  const data = useDeferredValue(dashboard.data);
  const agingBuckets = useDeferredValue(aging.data?.aging);
  const rate = (name: string) => data?.data_general.configuration.find((entry) => entry.name === name)?.value ?? null;

  return (
    <Flex vertical gap={16}>
      {data?.printer_warning ? <Alert type="warning" showIcon message="Imprenta digital" description={data.printer_warning} /> : null}
      {data?.backup_warning ? <Alert type="error" showIcon message="Respaldos" description={data.backup_warning} /> : null}
      {canSeeRates ? <BcvAlerts /> : null}
      <AdministratorsWithoutTwoFactor />
      <Card>
        <WelcomeTitle name={session?.user.name} style={{ marginTop: 0 }} />
        {/* Each rate keeps the width of its figure while "…" waits for it, so a phone wraps the two
            lines from the first paint rather than when the figures arrive (a layout shift). */}
        <Flex gap={24} wrap style={{ rowGap: 4 }}>
          <Typography.Text style={{ minWidth: RATE_WIDTH }}>
            Tasa del dólar: <Typography.Text strong>{rate('update_dollar_rate') === null ? '…' : formatMoney(rate('update_dollar_rate'))}</Typography.Text>
          </Typography.Text>
          <Typography.Text style={{ minWidth: RATE_WIDTH }}>
            Tasa del euro: <Typography.Text strong>{rate('update_euro_rate') === null ? '…' : formatMoney(rate('update_euro_rate'))}</Typography.Text>
          </Typography.Text>
        </Flex>
      </Card>
      <PeriodCards payments={data?.payments} />
      <AgingCard buckets={agingBuckets} />
      <WhenVisible height={CHART_CARD_HEIGHT} label="Pagos">
        <PaymentsCard
          filters={filters}
          onFilters={setFilters}
          chart={
            data ? (
              <Suspense fallback={<Skeleton active />}>
                <PaymentsChart points={data.date_payment} textColor={token.colorText} background={token.colorBgContainer} />
              </Suspense>
            ) : (
              <Skeleton active />
            )
          }
        />
      </WhenVisible>
      <CollectionsCard collections={collections.data} period={`${DASHBOARD_OPTIONS[filters.option]} ${filters.dates}`} />
      <WhenVisible height={CARD_HEIGHT} label="Pagos por Procesar">
        <Card title="Pagos por Procesar" extra={<Link to="/payments">Ver todo</Link>}>
          {data && toProcess ? toProcess(data.payments_to_proccess, reload) : <Skeleton active />}
        </Card>
      </WhenVisible>
      {usersClosings ? (
        <WhenVisible height={CARD_HEIGHT} label="Cierres de cajas de Usuarios">
          {usersClosings}
        </WhenVisible>
      ) : null}
      {reminders ? (
        <WhenVisible height={CARD_HEIGHT} label="Recordatorios de pago">
          {reminders}
        </WhenVisible>
      ) : null}
    </Flex>
  );
}
