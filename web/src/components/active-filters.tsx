import { useQuery } from '@tanstack/react-query';
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import type { FilterField, FilterOption, SelectFilterField } from './filter-drawer';
import { moneyRangeText } from './money-range';
import { isEmptyFilter, type FilterValue, type ListFilters } from './use-list-state';

const valuesOf = (value: FilterValue): (string | number)[] =>
  value === null || value === undefined || typeof value === 'boolean' ? [] : Array.isArray(value) ? [...(value as (string | number)[])] : [value as string | number];

/**
 * The names of a select filter's chosen values: its fixed options, or the server's (`describe`
 * names chosen ids directly; a plain fetcher is asked with an empty search). A value the answer
 * lacks shows as itself rather than hiding the filter.
 */
function useSelectLabels(field: SelectFilterField, chosen: (string | number)[], filters: ListFilters): string[] {
  const { describe, fetcher } = field;
  const loaded = useQuery({
    queryKey: ['filter-labels', field.name, chosen],
    queryFn: ({ signal }): Promise<FilterOption[]> => (describe ? describe(chosen, signal) : fetcher!('', filters, signal)),
    enabled: !field.options && Boolean(describe ?? fetcher),
    staleTime: 60_000,
  });
  const options = field.options ?? loaded.data ?? [];
  return chosen.map((value) => options.find((option) => String(option.value) === String(value))?.label ?? String(value));
}

/** "Estado: Miranda", "Clientes: Ana, Luis": a select filter with the names of its chosen values. */
function SelectFilterText({ field, chosen, filters }: { field: SelectFilterField; chosen: (string | number)[]; filters: ListFilters }) {
  return <>{`${field.label}: ${useSelectLabels(field, chosen, filters).join(', ')}`}</>;
}

function FilterTag({ field, value, filters, onRemove }: { field: FilterField; value: FilterValue; filters: ListFilters; onRemove: () => void }) {
  const chosen = valuesOf(value);
  const separator = field.type === 'date-range' ? ' – ' : ', ';
  return (
    <Tag
      closable={{ 'aria-label': `Quitar filtro ${field.label}` }}
      color="blue"
      onClose={(event) => {
        event.preventDefault();
        onRemove();
      }}
    >
      {field.type === 'select' ? (
        <SelectFilterText field={field} chosen={chosen} filters={filters} />
      ) : field.type === 'checkbox' ? (
        field.label
      ) : field.type === 'money-range' ? (
        `${field.label}: ${moneyRangeText(value, field.prefix)}`
      ) : (
        `${field.label}: ${chosen.join(separator)}`
      )}
    </Tag>
  );
}

/**
 * The list's active drawer filters as tags next to the "Filtros" button ("Estado: Miranda"),
 * each removable on its own: a filter a link brought (/clients?state=5) is seen and undone
 * without opening the drawer.
 */
export function ActiveFilters({ fields, filters, onRemove }: { fields: FilterField[]; filters: ListFilters; onRemove: (name: string) => void }) {
  const active = fields.filter((field) => !isEmptyFilter(filters[field.name]));
  if (!active.length) return null;
  return (
    <Flex gap={4} wrap align="center" role="list" aria-label="Filtros activos">
      {active.map((field) => (
        <span role="listitem" key={field.name}>
          <FilterTag field={field} value={filters[field.name]} filters={filters} onRemove={() => onRemove(field.name)} />
        </span>
      ))}
    </Flex>
  );
}
