import type { RegionalUnit } from '@recaudo/domain/regional';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import { useState } from 'react';
import { EMPTY_SELECT_TEXT, SELECT_SEARCH_DEBOUNCE_MS } from '../../components/filter-drawer';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { useUnitSelects, type SelectParents } from './api';

export interface RegionSelectProps {
  unit: Exclude<RegionalUnit, 'communities'> | 'communities';
  /** The chosen parents; the select waits (disabled) until `ready`. */
  parents: SelectParents;
  ready: boolean;
  /** The record's current unit, shown even when it is inactive (selects list active units only). */
  fallback?: { id: number; name: string };
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
  disabled?: boolean;
}

/** One level of the state → municipality → parish cascade of the panels, searching as typed (800 ms). */
export function RegionSelect({ unit, parents, ready, fallback, id, value, onChange, disabled }: RegionSelectProps) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SELECT_SEARCH_DEBOUNCE_MS);
  const options = useUnitSelects(unit, parents, debounced, ready);
  const rows = options.data ?? [];
  const list = fallback && value === fallback.id && !rows.some((row) => row.id === fallback.id) ? [fallback, ...rows] : rows;
  return (
    <Select<number>
      id={id}
      value={value}
      onChange={(next) => {
        setSearch('');
        onChange?.(next);
      }}
      disabled={disabled || !ready}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      placeholder={ready ? 'Seleccionar' : 'Selecciona primero el nivel anterior'}
      notFoundContent={options.isFetching ? <Spin size="small" /> : EMPTY_SELECT_TEXT}
      options={list.map((row) => ({ value: row.id, label: row.name }))}
    />
  );
}
