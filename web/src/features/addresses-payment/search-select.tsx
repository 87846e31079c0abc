import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import { useState } from 'react';
import { EMPTY_SELECT_TEXT, SELECT_SEARCH_DEBOUNCE_MS } from '../../components/filter-drawer';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { useOptions } from './api';

export interface SearchSelectOption {
  value: number;
  label: string;
}

export interface SearchSelectProps<T> {
  /** Names the options in the query key ('states', 'clients', …). */
  kind: string;
  /** What the options depend on besides the search (the parent level); part of the query key. */
  parents?: unknown;
  load: (search: string, signal: AbortSignal) => Promise<T[]>;
  toOption: (row: T) => SearchSelectOption;
  /** False waits (disabled, "Selecciona primero …") until the parent is chosen. */
  ready?: boolean;
  waitingText?: string;
  /** The record's current choice, shown while the options load or when a search leaves it out. */
  fallback?: SearchSelectOption | null;
  placeholder?: string;
  /** Set by Form.Item. */
  id?: string;
  value?: number | null;
  /** A cleared select gives null (never undefined, which a form watch reads as "not connected yet"). */
  onChange?: (value: number | null) => void;
  disabled?: boolean;
}

/**
 * A select of the address form that searches the server as typed (800 ms, spec 01 §9), e.g.
 * one level of the state → municipality → parish → community cascade.
 */
export function SearchSelect<T>({
  kind,
  parents = null,
  load,
  toOption,
  ready = true,
  waitingText = 'Selecciona primero el nivel anterior',
  fallback,
  placeholder = 'Seleccionar',
  id,
  value,
  onChange,
  disabled,
}: SearchSelectProps<T>) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SELECT_SEARCH_DEBOUNCE_MS);
  const query = useOptions(kind, debounced, parents, (signal) => load(debounced, signal), ready);
  const options = (query.data ?? []).map(toOption);
  if (fallback && value === fallback.value && !options.some((option) => option.value === fallback.value)) options.unshift(fallback);
  return (
    <Select<number>
      id={id}
      value={value ?? undefined}
      onChange={(next) => {
        setSearch('');
        onChange?.(next ?? null);
      }}
      disabled={disabled || !ready}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      placeholder={ready ? placeholder : waitingText}
      notFoundContent={query.isFetching ? <Spin size="small" /> : EMPTY_SELECT_TEXT}
      options={options}
    />
  );
}
