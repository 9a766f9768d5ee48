import { downloadCSV, useTranslate, type Exporter } from 'react-admin';
import { toCsv } from '../../domain/csv';
import type { Customer, Status } from '../../domain/types';
import type { ActivePassSummary } from '../../domain/money';

/** A customer as the list receives it: the server adds the active pass and the count of unpaid visits. */
export type CustomerRow = Customer & { activePass?: ActivePassSummary | null; unpaidVisits?: number };

const columns = ['lastName', 'firstName', 'phone', 'email', 'birthDate', 'status', 'source', 'activePass', 'unpaidVisits', 'createdAt'] as const;

/**
 * The CSV of the customer list as staff read it: translated headers, status labels rather than codes,
 * the active pass by name, no internal ids.
 */
export const useCustomerExporter = (): Exporter<CustomerRow> => {
    const translate = useTranslate();
    return async (customers, _fetchRelated, dataProvider) => {
        const { data: statuses } = await dataProvider.getList<Status>('statuses', {
            filter: { name: 'customer' },
            sort: { field: 'order', order: 'ASC' },
            pagination: { page: 1, perPage: 100 },
        });
        const label = (code: string) => statuses.find(status => status.code === code)?.label ?? code;
        const cell = (customer: CustomerRow, column: (typeof columns)[number]): string | number => {
            switch (column) {
                case 'status':
                    return label(customer.status);
                case 'activePass':
                    return customer.activePass ? `${customer.activePass.name} (${customer.activePass.endsOn})` : '';
                case 'unpaidVisits':
                    return customer.unpaidVisits ?? 0;
                case 'createdAt':
                    return customer.createdAt.slice(0, 10);
                default:
                    return customer[column] ?? '';
            }
        };
        const header = columns.map(column => translate(`resources.customers.fields.${column}`));
        downloadCSV(toCsv([header, ...customers.map(customer => columns.map(column => cell(customer, column)))]), 'customers');
    };
};
