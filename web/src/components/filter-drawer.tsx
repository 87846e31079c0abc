import FilterOutlined from '@ant-design/icons/FilterOutlined';
import { BUSINESS_TIME_ZONE, caracas, dayjs } from '@recaudo/domain/dates';
import { useQuery } from '@tanstack/react-query';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import DatePicker from 'antd/es/date-picker';
import Drawer from 'antd/es/drawer';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { ActiveFilters } from './active-filters';
import { MoneyRangeInput } from './money-range';
import { useDebouncedValue } from './use-debounced-value';
import type { FilterValue, ListFilters, ListState } from './use-list-state';

/** Spec 01 §9: selects that search the server wait 800 ms; text and number filters 700 ms. */
export const SELECT_SEARCH_DEBOUNCE_MS = 800;
export const FILTER_INPUT_DEBOUNCE_MS = 700;
export const EMPTY_SELECT_TEXT = 'No se han encontrado datos';
/** Dates of filters travel as DD-MM-YYYY pairs (spec 03 §7). */
export const FILTER_DATE_FORMAT = 'DD-MM-YYYY';

export interface FilterOption {
  value: string | number;
  label: string;
}

interface BaseField {
  /** The key under `filters[...]`. */
  name: string;
  label: string;
  /** Other filters cleared when this one changes (a municipality when its state changes). */
  resets?: string[];
}

export interface SelectFilterField extends BaseField {
  type: 'select';
  /** Fixed options… */
  options?: FilterOption[];
  /**
   * …or options loaded from the server with the typed search (800 ms debounce). Receives the
   * current filters so a child select can ask only below its parent.
   */
  fetcher?: (search: string, filters: ListFilters, signal?: AbortSignal) => Promise<FilterOption[]>;
  /** Filters whose value the fetcher reads; a change reloads the options. */
  dependsOn?: string[];
  multiple?: boolean;
  /** Names chosen values by id for the active-filter tags, when the fetcher's first page may not hold them. */
  describe?: (values: (string | number)[], signal?: AbortSignal) => Promise<FilterOption[]>;
}
export interface InputFilterField extends BaseField {
  type: 'text' | 'number';
}
export interface DateRangeFilterField extends BaseField {
  type: 'date-range';
}
export interface CheckboxFilterField extends BaseField {
  type: 'checkbox';
}
/** One amount or a range of amounts (money-range.tsx). */
export interface MoneyRangeFilterField extends BaseField {
  type: 'money-range';
  /** The currency shown in the inputs and the active-filter tag ("$"). */
  prefix: string;
}
export type FilterField = SelectFilterField | InputFilterField | DateRangeFilterField | CheckboxFilterField | MoneyRangeFilterField;

/** The preset ranges of every date-range picker: Hoy, Ayer, En la semana, En el mes, En el año (Caracas). */
export function datePresets(): { label: string; value: [Dayjs, Dayjs] }[] {
  const today = caracas().startOf('day');
  const yesterday = today.subtract(1, 'day');
  return [
    { label: 'Hoy', value: [today, today] },
    { label: 'Ayer', value: [yesterday, yesterday] },
    { label: 'En la semana', value: [today.startOf('week'), today.endOf('week').startOf('day')] },
    { label: 'En el mes', value: [today.startOf('month'), today.endOf('month').startOf('day')] },
    { label: 'En el año', value: [today.startOf('year'), today.endOf('year').startOf('day')] },
  ];
}

/** A Dayjs pair as the wire's DD-MM-YYYY pair, and back. */
export const toDatePair = (range: readonly [Dayjs, Dayjs]): [string, string] => [range[0].format(FILTER_DATE_FORMAT), range[1].format(FILTER_DATE_FORMAT)];
export function fromDatePair(value: FilterValue): [Dayjs, Dayjs] | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [from, to] = value.map((item) => parseDay(String(item)));
  return from && to ? [from, to] : null;
}
function parseDay(text: string): Dayjs | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  if (!match) return null;
  const day = dayjs.tz(`${match[3]}-${match[2]}-${match[1]}`, BUSINESS_TIME_ZONE);
  return day.isValid() ? day : null;
}
/** Today as the wire's pair, the default of the payments range of the regional screens. */
export const todayPair = (): [string, string] => toDatePair(datePresets()[0]!.value);

/** The date-range picker with the spec's presets, for filters and screens (dashboard) alike. */
export function DateRangeInput({ value, onChange, label, id }: { value: FilterValue; onChange: (value: [string, string] | null) => void; label: string; id?: string }) {
  return (
    <DatePicker.RangePicker
      id={id ? { start: id, end: `${id}-end` } : undefined}
      aria-label={id ? undefined : label}
      format={FILTER_DATE_FORMAT}
      presets={datePresets()}
      value={fromDatePair(value)}
      onChange={(range) => onChange(range && range[0] && range[1] ? toDatePair([range[0], range[1]]) : null)}
      style={{ width: '100%' }}
      allowClear
    />
  );
}

function DebouncedInput({ field, value, onChange }: { field: InputFilterField; value: FilterValue; onChange: (value: FilterValue) => void }) {
  const [text, setText] = useState<string>(value === undefined || value === null ? '' : String(value));
  const debounced = useDebouncedValue(text.trim(), FILTER_INPUT_DEBOUNCE_MS);
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });
  useEffect(() => {
    const current = latest.current.value === undefined || latest.current.value === null ? '' : String(latest.current.value);
    if (debounced !== current) latest.current.onChange(debounced === '' ? undefined : field.type === 'number' ? Number(debounced) : debounced);
  }, [debounced, field.type]);
  if (field.type === 'number') {
    return <InputNumber controls={false} id={`filter-${field.name}`} style={{ width: '100%' }} value={text === '' ? null : Number(text)} onChange={(next) => setText(next === null ? '' : String(next))} />;
  }
  return <Input id={`filter-${field.name}`} allowClear value={text} onChange={(event) => setText(event.target.value)} />;
}

function SelectInput({ field, value, filters, onChange }: { field: SelectFilterField; value: FilterValue; filters: ListFilters; onChange: (value: FilterValue) => void }) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SELECT_SEARCH_DEBOUNCE_MS);
  const parents = Object.fromEntries((field.dependsOn ?? []).map((name) => [name, filters[name]]));
  const fetcher = field.fetcher;
  const loaded = useQuery({
    queryKey: ['filter-options', field.name, debounced, parents],
    queryFn: ({ signal }) => fetcher!(debounced, filters, signal),
    enabled: Boolean(fetcher),
    staleTime: 60_000,
  });
  // Labels of chosen options, so a choice stays readable when a new search leaves it out.
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const options = fetcher ? (loaded.data ?? []) : (field.options ?? []);
  const known = new Set(options.map((option) => option.value));
  const selected = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value as string | number];
  const extra = selected.filter((item) => !known.has(item) && String(item) in chosen).map((item) => ({ value: item, label: chosen[String(item)]! }));
  return (
    <Select<string | number | (string | number)[]>
      id={`filter-${field.name}`}
      mode={field.multiple ? 'multiple' : undefined}
      allowClear
      showSearch={fetcher ? { filterOption: false, onSearch: setSearch } : { optionFilterProp: 'label' }}
      options={[...extra, ...options]}
      value={field.multiple ? (selected as (string | number)[]) : (selected[0] ?? undefined)}
      notFoundContent={loaded.isFetching ? <Spin size="small" /> : EMPTY_SELECT_TEXT}
      onChange={(next, option) => {
        const picked = (Array.isArray(option) ? option : option ? [option] : []) as FilterOption[];
        setChosen((current) => ({ ...current, ...Object.fromEntries(picked.map((item) => [String(item.value), item.label])) }));
        setSearch('');
        onChange(next as FilterValue);
      }}
      style={{ width: '100%' }}
      placeholder="Seleccionar"
    />
  );
}

export interface FilterDrawerProps {
  open: boolean;
  onClose: () => void;
  fields: FilterField[];
  /** The list's current filters (`list.filters`). */
  filters: ListFilters;
  /** Sets one filter (`list.setFilter`); a blank value removes it. */
  onFilterChange: (name: string, value: FilterValue) => void;
  /** "Quitar filtros" (`list.clearFilters`). */
  onClear: () => void;
}

/**
 * Drawer "Filtros" driven by a declarative list of fields; every change goes straight into the
 * list's filters. Usage: `<FilterDrawer open={open} onClose={close} fields={fields}
 * filters={list.filters} onFilterChange={list.setFilter} onClear={list.clearFilters} />`,
 * or let `<FilterControls list={list} fields={fields} />` render it with its FilterButton.
 */
export function FilterDrawer({ open, onClose, fields, filters, onFilterChange, onClear }: FilterDrawerProps) {
  // Text inputs keep what is typed locally; a new generation after "Quitar filtros" empties them.
  const [generation, setGeneration] = useState(0);
  const hasFilters = Object.keys(filters).length > 0;

  function change(field: FilterField, value: FilterValue) {
    onFilterChange(field.name, value);
    field.resets?.forEach((name) => onFilterChange(name, undefined));
  }

  return (
    <Drawer
      title="Filtros"
      open={open}
      onClose={onClose}
      size={360}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button
            disabled={!hasFilters}
            onClick={() => {
              onClear();
              setGeneration((current) => current + 1);
            }}
          >
            Quitar filtros
          </Button>
          <Button type="primary" onClick={onClose}>
            Cerrar
          </Button>
        </Flex>
      }
    >
      <Form layout="vertical" component="div">
        {fields.map((field) => {
          const value = filters[field.name];
          const id = `filter-${field.name}`;
          switch (field.type) {
            case 'select':
              return (
                <Form.Item key={field.name} label={field.label} htmlFor={id}>
                  <SelectInput field={field} value={value} filters={filters} onChange={(next) => change(field, next)} />
                </Form.Item>
              );
            case 'text':
            case 'number':
              return (
                <Form.Item key={`${field.name}-${generation}`} label={field.label} htmlFor={id}>
                  <DebouncedInput field={field} value={value} onChange={(next) => change(field, next)} />
                </Form.Item>
              );
            case 'money-range':
              return (
                <Form.Item key={`${field.name}-${generation}`} label={field.label} htmlFor={id}>
                  <MoneyRangeInput id={id} label={field.label} prefix={field.prefix} value={value} delay={FILTER_INPUT_DEBOUNCE_MS} onChange={(next) => change(field, next)} />
                </Form.Item>
              );
            case 'date-range':
              return (
                <Form.Item key={field.name} label={field.label} htmlFor={id}>
                  <DateRangeInput id={id} label={field.label} value={value} onChange={(next) => change(field, next ?? undefined)} />
                </Form.Item>
              );
            case 'checkbox':
              return (
                <Form.Item key={field.name}>
                  <Checkbox checked={Boolean(value)} onChange={(event) => change(field, event.target.checked ? 1 : undefined)}>
                    {field.label}
                  </Checkbox>
                </Form.Item>
              );
          }
        })}
      </Form>
    </Drawer>
  );
}

/** The "Filtros" button with the number of active filters; opens the FilterDrawer. */
export function FilterButton({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <Badge count={count} size="small">
      <Button icon={<FilterOutlined />} onClick={onClick} aria-label={count ? `Filtros (${count} activos)` : 'Filtros'}>
        Filtros
      </Button>
    </Badge>
  );
}

/**
 * FilterButton + FilterDrawer + the active filters as removable tags, wired to a `useListState()`
 * result: `<FilterControls list={list} fields={fields} />`. `onRemove` runs after a tag removes its
 * filter (the clients list also drops it from the address it came from).
 */
export function FilterControls({ list, fields, onRemove }: { list: ListState; fields: FilterField[]; onRemove?: (name: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <FilterButton count={list.activeFilterCount} onClick={() => setOpen(true)} />
      <ActiveFilters
        fields={fields}
        filters={list.filters}
        onRemove={(name) => {
          list.setFilter(name, undefined);
          onRemove?.(name);
        }}
      />
      <FilterDrawer open={open} onClose={() => setOpen(false)} fields={fields} filters={list.filters} onFilterChange={list.setFilter} onClear={list.clearFilters} />
    </>
  );
}
