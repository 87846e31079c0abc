import { http } from '../lib/http';
import type { FilterField, FilterOption } from './filter-drawer';

/**
 * The "Usuario" filter of the audit log and sessions lists. Its options come from
 * `users/selects` (the users issue builds it); until that answers, the select is empty
 * ("No se han encontrado datos") and no error toast is shown.
 */
export const userFilterField: FilterField = {
  type: 'select',
  name: 'user',
  label: 'Usuario',
  fetcher: (search, _filters, signal) =>
    http
      .get<{ id: number; name: string }[]>('users/selects', { query: { search, per_page: 'Todos' }, signal, silent: true, keepSession: true })
      .then((answer): FilterOption[] => answer.data.map((user) => ({ value: user.id, label: user.name })))
      .catch((): FilterOption[] => []),
};
