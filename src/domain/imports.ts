import type { ImportedCustomer } from './importRows';

/*
 * Customers and their passes imported from a CSV file (src/server/imports/readCsv.ts reads it): which
 * column holds what, guessed from the headers of AlfaCRM, МойКласс, YCLIENTS and hand-made sheets in
 * Russian or English, and each row read into a customer and the pass they still have. Everything here
 * is pure, for the server to import with and for the screen to preview with; whether a customer is
 * already in the database is the server's to find. The columns are importColumns.ts's, the cells'
 * values importValues.ts's, and reading a row importRows.ts's; what the import answers is here.
 */

export { guessMapping, importFields, importMappingSchema, type ImportField, type ImportMapping } from './importColumns';
export { parseDate, sameName, splitFullName, statusSynonyms } from './importValues';
export {
    readRow,
    type ImportContext,
    type ImportedCustomer,
    type ImportedPass,
    type ImportedRow,
    type ImportError,
} from './importRows';
/**
 * A row's problem or warning as the import answers it: the file's line, the person the row is about
 * (their name, else their e-mail or phone), the field at fault, an i18n key and what it names.
 */
export type ImportRowProblem = {
    row: number;
    name: string;
    field: string;
    message: string;
    params?: Record<string, string | number>;
};

/**
 * What the import does with a row it takes: creates a customer, updates one (`fields` the row changes),
 * or leaves one as it is; with the person's name (the card's, for one found), phone and e-mail, and the
 * plan of the pass it carries over.
 */
export type ImportLine = {
    row: number;
    action: 'create' | 'update' | 'skip';
    name: string;
    phone: string | null;
    email: string | null;
    customerId?: number;
    fields?: string[];
    pass?: string;
};

/** The person a row is about, for its problems: the name as the row gives it, else its e-mail or phone. */
export const rowPerson = (customer: Pick<ImportedCustomer, 'firstName' | 'lastName' | 'email' | 'phone'>): string =>
    `${customer.lastName} ${customer.firstName}`.trim() || customer.email || customer.phone || '';
