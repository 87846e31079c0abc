import Flex from 'antd/es/flex';
import { useEffect, useRef, useState } from 'react';
import { formatMoneyInput, MoneyInput } from './money-input';
import { useDebouncedValue } from './use-debounced-value';
import type { FilterValue } from './use-list-state';

/**
 * A money filter given as one amount or a range (the addresses list's `fee`, docs/decisions.md):
 * "Desde" and "Hasta", either left blank for an open end. On the wire the same amount in both is
 * the exact one (`filters[fee]=12.50`), else the pair (`filters[fee][]=10.00&filters[fee][]=`).
 */

type Ends = [string, string];

/** The wire value as its two ends ('' for an open one). */
export function rangeEnds(value: FilterValue): Ends {
  if (Array.isArray(value)) return [String(value[0] ?? ''), String(value[1] ?? '')];
  if (value === undefined || value === null || value === '' || typeof value === 'boolean') return ['', ''];
  return [String(value), String(value)];
}

/** Two ends as the wire value: nothing, the exact amount or the pair. */
export function rangeValue([from, to]: Ends): FilterValue {
  if (!from && !to) return undefined;
  return from === to ? from : [from, to];
}

/** "$ 12,50", "$ 10,00 – $ 20,00", "desde $ 10,00", "hasta $ 7,00": what the active-filter tag says. */
export function moneyRangeText(value: FilterValue, prefix: string): string {
  const [from, to] = rangeEnds(value).map((end) => (end ? `${prefix} ${formatMoneyInput(end)}` : ''));
  if (from && to) return from === to ? from : `${from} – ${to}`;
  return from ? `desde ${from}` : `hasta ${to}`;
}

/** The two inputs of the drawer; a change applies 700 ms after the last keystroke, like the drawer's text inputs. */
export function MoneyRangeInput({
  id,
  label,
  prefix,
  value,
  onChange,
  delay,
}: {
  id: string;
  label: string;
  prefix: string;
  value: FilterValue;
  onChange: (value: FilterValue) => void;
  delay: number;
}) {
  const [ends, setEnds] = useState<Ends>(() => rangeEnds(value));
  const debounced = useDebouncedValue(ends, delay);
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });
  useEffect(() => {
    const next = rangeValue(debounced);
    if (JSON.stringify(next) !== JSON.stringify(rangeValue(rangeEnds(latest.current.value)))) latest.current.onChange(next);
  }, [debounced]);
  const input = (index: 0 | 1, name: string) => (
    <MoneyInput
      id={index === 0 ? id : `${id}-end`}
      aria-label={`${label} ${name.toLowerCase()}`}
      placeholder={name}
      prefix={prefix}
      value={ends[index] || null}
      onChange={(next) => setEnds((current) => (index === 0 ? [next ?? '', current[1]] : [current[0], next ?? '']))}
    />
  );
  return (
    <Flex gap={8}>
      {input(0, 'Desde')}
      {input(1, 'Hasta')}
    </Flex>
  );
}
