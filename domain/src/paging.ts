import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 10;
/**
 * The most rows one answer carries. `per_page=Todos` (or `all`), the spec's "every row", asks
 * for a page of this size, and the total tells how many there are: one `Todos` on 50 000
 * addresses answered 127 MB and took the server from 230 MB to 1.5 GB. Exports stream the rest.
 */
export const MAX_PAGE_SIZE = 500;

export interface Paged<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

export interface FailureEnvelope {
  success: false;
  message: string;
  errors?: Record<string, string[]>;
}

const toNumber = (value: unknown) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);

/** A page size: 1 to MAX_PAGE_SIZE, `Todos` being the largest. */
const pageSize = z.preprocess((value) => (value === 'all' || value === 'Todos' ? MAX_PAGE_SIZE : toNumber(value)), z.number().int().min(1).max(MAX_PAGE_SIZE));

/** The query every paged list takes (DESIGN §3), with bracket-notation filters and sorter. */
export const listQuerySchema = z.object({
  search: z.string().trim().max(200).optional().default(''),
  page: z.preprocess(toNumber, z.number().int().min(1)).optional().default(1),
  per_page: pageSize.optional().default(DEFAULT_PAGE_SIZE),
  filters: z.record(z.string(), z.unknown()).optional().default({}),
  sorter: z
    .object({
      field: z.string().max(64).optional(),
      order: z.enum(['ascend', 'descend', 'asc', 'desc', 'ASC', 'DESC']).optional(),
    })
    .optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** "a-b de n", the counter under every table. */
export function rangeLabel(total: number, [from, to]: [number, number]): string {
  return `${from}-${to} de ${total}`;
}

/** A list the spec loads whole (banks, configurations): `per_page` defaults to the largest page. */
export const listAllQuerySchema = listQuerySchema.extend({ per_page: pageSize.optional().default(MAX_PAGE_SIZE) });
