import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 10;
/** `per_page=Todos` (or `all`) asks for every row, as the spec's selects do. */
export const PAGE_SIZE_ALL = 'Todos';
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

/** The query every paged list takes (DESIGN §3), with bracket-notation filters and sorter. */
export const listQuerySchema = z.object({
  search: z.string().trim().max(200).optional().default(''),
  page: z.preprocess(toNumber, z.number().int().min(1)).optional().default(1),
  per_page: z
    .preprocess(
      (value) => (value === 'all' || value === 'Todos' ? PAGE_SIZE_ALL : toNumber(value)),
      z.union([z.literal(PAGE_SIZE_ALL), z.number().int().min(1).max(MAX_PAGE_SIZE)]),
    )
    .optional()
    .default(DEFAULT_PAGE_SIZE),
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

/** A list the spec loads whole (banks, configurations): `per_page` defaults to every row. */
export const listAllQuerySchema = listQuerySchema.extend({
  per_page: z
    .preprocess(
      (value) => (value === 'all' || value === 'Todos' ? PAGE_SIZE_ALL : toNumber(value)),
      z.union([z.literal(PAGE_SIZE_ALL), z.number().int().min(1).max(MAX_PAGE_SIZE)]),
    )
    .optional()
    .default(PAGE_SIZE_ALL),
});
