import type { Paged } from '@recaudo/domain/paging';
import type { SalesBookRow, SalesBookTotals } from '@recaudo/domain/sales-book';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** A page of the book with the totals of the whole book (server/src/modules/sales-book/routes.ts). */
export type SalesBookPage = Paged<SalesBookRow> & { totals: SalesBookTotals };

export interface SalesBookParams {
  period: string;
  half?: '1' | '2';
  page: number;
  per_page: number;
}

export const SALES_BOOK_EXPORT_PATH = 'sales-book/export';

export const salesBookKeys = {
  all: ['sales-book'] as const,
  page: (params: SalesBookParams) => [...salesBookKeys.all, params] as const,
};

export const findSalesBook = (params: SalesBookParams, signal?: AbortSignal) =>
  http.get<SalesBookPage>('sales-book', { query: { ...params }, signal }).then((answer) => answer.data);

export function useSalesBook(params: SalesBookParams) {
  return useQuery({
    queryKey: salesBookKeys.page(params),
    queryFn: ({ signal }) => findSalesBook(params, signal),
    placeholderData: keepPreviousData,
  });
}
