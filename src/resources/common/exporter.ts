import { downloadCSV, type Exporter } from 'react-admin';
import { recordsCsv } from '../../domain/csv';

/**
 * The export of a list without one of its own: every field of the records, as react-admin's default
 * exporter writes them, but with text that would run as a formula in a spreadsheet made harmless.
 */
export const recordExporter: Exporter = (records, _fetchRelated, _dataProvider, resource) =>
    downloadCSV(recordsCsv(records), resource);
