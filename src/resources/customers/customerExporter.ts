import { useLocaleState, useTranslate, type Exporter } from 'react-admin';
import { csvSeparator, toCsv } from '../../domain/csv';
import type { ActivePassSummary } from '../../domain/money';
import { localDateAt } from '../../domain/time';
import type { Customer, Status } from '../../domain/types';
import { download } from '../../app/csv';
import { useStatusLabel } from '../common/statuses';
import { useStudioTimezone } from '../../app/studio';

/** A customer as the list receives it: the server adds the active pass, the count of unpaid visits and what is owed. */
export type CustomerRow = Customer & {
    activePass?: ActivePassSummary | null;
    unpaidVisits?: number;
    balanceDue?: number;
};

const columns = [
    'lastName',
    'firstName',
    'phone',
    'email',
    'birthDate',
    'status',
    'source',
    'activePass',
    'unpaidVisits',
    'balanceDue',
    'createdAt',
] as const;

/**
 * The CSV of the customer list as staff read it: translated headers, status labels rather than codes,
 * the active pass by name, no internal ids. It opens right in Excel: a byte-order mark (so Cyrillic
 * reads as Cyrillic), the separator of the interface's language, and dates as the studio's calendar has them.
 */
export const useCustomerExporter = (): Exporter<CustomerRow> => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const labelOf = useStatusLabel();
    const timeZone = useStudioTimezone();
    return async (customers, _fetchRelated, dataProvider) => {
        const { data: statuses } = await dataProvider.getList<Status>('statuses', {
            filter: { name: 'customer' },
            sort: { field: 'order', order: 'ASC' },
            pagination: { page: 1, perPage: 100 },
        });
        const label = (code: string) => {
            const status = statuses.find(candidate => candidate.code === code);
            return status ? labelOf(status) : code;
        };
        const cell = (customer: CustomerRow, column: (typeof columns)[number]): string | number => {
            switch (column) {
                case 'status':
                    return label(customer.status);
                case 'activePass':
                    return customer.activePass ? `${customer.activePass.name} (${customer.activePass.endsOn})` : '';
                case 'unpaidVisits':
                    return customer.unpaidVisits ?? 0;
                case 'balanceDue':
                    // What is still due on their passes, as the list's Owed column shows it.
                    return customer.balanceDue ?? 0;
                case 'createdAt':
                    // A customer added at 01:00 in Moscow was added that day, not the day before in UTC.
                    return localDateAt(customer.createdAt, timeZone);
                default:
                    return customer[column] ?? '';
            }
        };
        const header = columns.map(column => translate(`resources.customers.fields.${column}`));
        download(
            'customers.csv',
            toCsv(
                [header, ...customers.map(customer => columns.map(column => cell(customer, column)))],
                csvSeparator(locale),
            ),
        );
    };
};
