import Select, { type SelectProps } from 'antd/es/select';
import { EMPTY_SELECT_TEXT } from '../../components/filter-drawer';
import { useSession } from '../../lib/session';
import { findSerieOptions } from '../../components/select-options';
import { useOptionList } from '../../components/option-list';

export interface SerieChoice {
  value: number;
  label: string;
}

/**
 * The series a staff user may number documents with (spec 02 §5): every series with
 * use_all_series, otherwise only their own. `current` (the edited payment's series) stays offered.
 * `own` is the user's own series when it is among the options, the one to start on.
 */
export function useSerieOptions(enabled: boolean, current: { id: number; serie: string } | null = null) {
  const { session } = useSession();
  const series = useOptionList('series', findSerieOptions, enabled);
  const user = session?.user;
  const rows = series.data ?? [];
  const options: SerieChoice[] = (user?.use_all_series ? rows : rows.filter((row) => row.id === user?.correlative_id)).map((row) => ({
    value: row.id,
    label: row.serie,
  }));
  if (current && !options.some((option) => option.value === current.id)) options.unshift({ value: current.id, label: current.serie });
  const own = options.find((option) => option.value === user?.correlative_id)?.value ?? null;
  return { options, own, loading: series.isLoading };
}

/** The Serie select of the payment panel and of the approval dialog; used inside a Form.Item. */
export function SerieSelect({ options, ...props }: Omit<SelectProps<number>, 'options'> & { options: SerieChoice[] }) {
  return <Select<number> allowClear placeholder="Seleccionar" notFoundContent={EMPTY_SELECT_TEXT} options={options} {...props} />;
}
