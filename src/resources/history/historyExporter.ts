import { useLocaleState, useTranslate, type Exporter } from 'react-admin';
import { formatDateTime } from '../../app/i18n/dates';
import { toCsv } from '../../domain/csv';
import type { AuditEntry } from '../../domain/types';
import { download } from '../../app/csv';
import { deedKey } from './auditDeeds';
import { fetchNameBook, loadingNameBook } from './auditNames';
import { changeText, piecesText, recordPieces, shownChanges, useAuditWording, whoText } from './auditText';

/**
 * The changes as an accountant or an owner reads them: when (studio time), who, what, which record, and
 * each field's change, with the records they name by name, fetched for the exported entries first.
 */
export const useHistoryExporter = (): Exporter<AuditEntry> => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const wording = useAuditWording(loadingNameBook);
    return async (entries, _fetchRelated, dataProvider) => {
        const named = { ...wording, book: await fetchNameBook(dataProvider, entries) };
        const field = (name: string) => translate(`resources.history.fields.${name}`);
        const header = ['createdAt', 'userName', 'action', 'collection', 'changes', 'endpoint'].map(field);
        const rows = entries.map(entry => [
            formatDateTime(entry.createdAt, locale, wording.timeZone),
            whoText(translate, entry),
            translate(deedKey(entry)),
            piecesText(recordPieces(named, entry)),
            shownChanges(entry)
                .map(change => changeText(named, entry.collection, change))
                .join('\n'),
            entry.endpoint,
        ]);
        download('history.csv', toCsv([header, ...rows]));
    };
};
